to_json_array() {
  local first=1 item
  printf '['
  for item in "$@"; do
    (( first )) || printf ','
    first=0
    printf '"%s"' "${item//\"/\\\"}"
  done
  printf ']\n'
}
to_json_array apple 'say "hi"' "with space"
to_json_array
