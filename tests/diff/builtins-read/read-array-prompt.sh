printf 'alpha beta gamma\n' > line.txt
read -ra words < line.txt
echo "${#words[@]} ${words[2]}"
read -r -a empty < /dev/null; echo "rc=$? n=${#empty[@]}"
printf 'k1 v1\nk2 v2\n' | while read -r k v; do printf '%s->%s;' "$k" "$v"; done; echo
