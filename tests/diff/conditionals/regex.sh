re='^([a-z]+)@([a-z]+)\.(com|org)$'
for e in bob@example.com alice@site.org bad@x.net "no at"; do
  if [[ $e =~ $re ]]; then echo "user=${BASH_REMATCH[1]} domain=${BASH_REMATCH[2]} tld=${BASH_REMATCH[3]}"
  else echo "invalid: $e"; fi
done
[[ "a.b" =~ a.b ]] && echo dot-any
[[ "axb" =~ "a.b" ]] || echo quoted-literal
v="2024-01-15"; [[ $v =~ ^[0-9]{4}-([0-9]{2})-[0-9]{2}$ ]] && echo "month ${BASH_REMATCH[1]}"
