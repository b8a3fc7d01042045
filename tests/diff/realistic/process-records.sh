users=("alice|admin|30" "bob|user|17" "carol|user|45" "dan|guest|22")
declare -A role_count
adults=()
for rec in "${users[@]}"; do
  IFS='|' read -r name role age <<< "$rec"
  ((role_count[$role]++))
  (( age >= 18 )) && adults+=("$name")
done
echo "adults: ${adults[*]}"
for r in admin guest user; do echo "$r: ${role_count[$r]:-0}"; done
