find_first() {
  local target=$1 row col
  for row in 1 2 3; do
    for col in a b c; do
      [[ $row$col == "$target" ]] && { echo "found at $row,$col"; return 0; }
    done
  done
  echo "not found"; return 1
}
find_first 2b; echo "rc=$?"
find_first 9z; echo "rc=$?"
