steps=(fetch parse validate store)
total=${#steps[@]}
for i in "${!steps[@]}"; do
  n=$((i + 1)); pct=$(( n * 100 / total ))
  bar=$(printf '%*s' $((pct / 10)) '' | tr ' ' '=')
  printf '[%-10s] %3d%% %s\n' "$bar" "$pct" "${steps[i]}"
done
