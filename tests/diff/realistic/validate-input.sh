validate() {
  local v=$1
  [[ -n $v ]] || { echo "empty value" >&2; return 1; }
  [[ $v =~ ^[0-9]+$ ]] || { echo "not a number: $v" >&2; return 2; }
  (( v <= 100 )) || { echo "too large: $v" >&2; return 3; }
  echo "valid: $v"
}
for x in 42 "" abc 500 7; do validate "$x"; echo "  -> $?"; done
