headers=(Name Lang Stars)
rows=("kitsh|Rust|42" "tool|Go|7")
line="|"; sep="|"
for h in "${headers[@]}"; do line+=" $h |"; sep+="---|"; done
echo "$line"; echo "$sep"
for r in "${rows[@]}"; do
  IFS='|' read -ra c <<< "$r"
  printf '| %s | %s | %s |\n' "${c[@]}"
done
