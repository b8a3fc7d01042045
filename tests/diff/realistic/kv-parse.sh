input='name=alice
age=30
# comment
email = alice@example.com
invalid line
'
while IFS= read -r line; do
  [[ -z $line || $line == \#* ]] && continue
  if [[ $line =~ ^[[:space:]]*([A-Za-z_]+)[[:space:]]*=[[:space:]]*(.*)$ ]]; then
    printf '%s -> %s\n' "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
  else
    echo "skip: $line" >&2
  fi
done <<< "$input"
