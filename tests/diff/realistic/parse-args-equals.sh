parse() {
  local -A opts=([format]=text [level]=1)
  local positional=()
  for arg in "$@"; do
    case $arg in
      --*=*) k=${arg%%=*}; k=${k#--}; opts[$k]=${arg#*=} ;;
      --*) opts[${arg#--}]=true ;;
      *) positional+=("$arg") ;;
    esac
  done
  for k in $(printf '%s\n' "${!opts[@]}" | sort); do echo "$k=${opts[$k]}"; done
  echo "positional: ${positional[*]:-}"
}
parse --format=json --dry-run in.txt --level=3 out.txt
