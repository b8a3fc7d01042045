printf 'b 2\na 1\nc 3\n' | sort | while read -r name num; do
  printf '%s=%d\n' "$name" $((num * 10))
done
printf 'x\ny\n' | { read -r first; read -r second; echo "$second$first"; }
