compare_versions() {
  local IFS=.; local -a a=($1) b=($2); local i
  for ((i=0; i<3; i++)); do
    (( ${a[i]:-0} > ${b[i]:-0} )) && { echo ">"; return; }
    (( ${a[i]:-0} < ${b[i]:-0} )) && { echo "<"; return; }
  done
  echo "="
}
for pair in "1.2.3 1.2.4" "2.0 1.9.9" "1.0.0 1.0" "10.1 9.99"; do
  set -- $pair; echo "$1 $(compare_versions "$1" "$2") $2"
done
