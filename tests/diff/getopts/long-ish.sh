set -- -v -- --name=x file
while getopts "v-:" o; do
  case $o in
    v) echo verbose ;;
    -) echo "long: $OPTARG" ;;
  esac
done
shift $((OPTIND - 1)); echo "rest: $*"
