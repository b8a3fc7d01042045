printf 'line1\nline2\n\nline4\n' > f.txt
IFS= read -r -d '' content < f.txt || true
printf '[%s]\n' "$content"
IFS=$'\n' read -r -d '' -a lines < f.txt || true
echo "${#lines[@]}"
mapfile -t arr < f.txt; echo "${#arr[@]}"
