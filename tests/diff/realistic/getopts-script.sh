main() {
  local count=1 upper=0 OPTIND o
  while getopts ":n:u" o; do
    case $o in
      n) [[ $OPTARG =~ ^[0-9]+$ ]] || { echo "bad count: $OPTARG" >&2; return 2; }; count=$OPTARG ;;
      u) upper=1 ;;
      :) echo "-$OPTARG needs a value" >&2; return 2 ;;
      ?) echo "unknown -$OPTARG" >&2; return 2 ;;
    esac
  done
  shift $((OPTIND-1))
  local msg="${*:-hello}"; (( upper )) && msg=${msg^^}
  for ((i=0; i<count; i++)); do echo "$msg"; done
}
main -n 2 -u hi there; echo "rc=$?"
main -n x; echo "rc=$?"
main -z; echo "rc=$?"
main -n; echo "rc=$?"
