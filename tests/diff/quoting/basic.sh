x='hello world'
echo "$x" '$x' "\$x" "a\"b" 'it'\''s'
echo $'tab\there' $'nl\\n' "$(echo "nested \"q\"")"
printf '%s|' "a b" c "" d; echo
