printf 'alpha\nbeta\n\ngamma\n' > doc.txt
n=0
while IFS= read -r line; do
  ((n++))
  [[ -z $line ]] && { printf '%3d | (blank)\n' "$n"; continue; }
  printf '%3d | %s (%d chars)\n' "$n" "$line" "${#line}"
done < doc.txt
