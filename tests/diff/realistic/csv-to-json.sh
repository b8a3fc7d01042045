printf 'id,name,score\n1,ann,90\n2,bo,75\n' > in.csv
{
  IFS=, read -r -a hdr
  first=1; echo "["
  while IFS=, read -r -a row; do
    (( first )) || echo ","; first=0
    printf '  {'
    for i in "${!hdr[@]}"; do (( i )) && printf ', '; printf '"%s": "%s"' "${hdr[i]}" "${row[i]}"; done
    printf '}'
  done
  printf '\n]\n'
} < in.csv
