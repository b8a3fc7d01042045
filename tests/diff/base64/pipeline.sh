for w in hello 'two words' ''; do printf '%s' "$w" | base64; done
x=$(printf 'secret:pass' | base64)
echo "Authorization: Basic $x"
echo "$x" | base64 -d; echo
