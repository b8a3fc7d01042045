records=("alice:30:admin" "bob:25:user" "carol:35:user")
for r in "${records[@]}"; do
  IFS=: read -r name age role <<< "$r"
  printf '%-6s %3d %s\n' "$name" "$age" "$role"
done
admins=()
for r in "${records[@]}"; do [[ $r == *:admin ]] && admins+=("${r%%:*}"); done
echo "admins: ${admins[*]}"
