rpn() {
  local -a st=(); local tok a b
  for tok in $1; do
    case $tok in
      [0-9]*) st+=("$tok") ;;
      [-+*/])
        (( ${#st[@]} >= 2 )) || { echo "stack underflow at '$tok'" >&2; return 1; }
        b=${st[-1]}; a=${st[-2]}; st=("${st[@]:0:${#st[@]}-2}")
        st+=($(( a $tok b ))) ;;
      *) echo "bad token: $tok" >&2; return 2 ;;
    esac
  done
  echo "${st[-1]}"
}
rpn "3 4 + 2 *"; rpn "10 2 8 * + 3 -"; rpn "1 +"; echo "rc=$?"; rpn "2 x"; echo "rc=$?"
