parse() {
  local OPTIND opt verbose=0 file=""
  while getopts "vf:h" opt; do
    case $opt in
      v) verbose=1 ;;
      f) file=$OPTARG ;;
      h) echo "help"; return 0 ;;
      *) echo "bad option"; return 1 ;;
    esac
  done
  shift $((OPTIND - 1))
  echo "verbose=$verbose file=$file rest=$*"
}
parse -v -f out.txt a b
parse -fin.txt
parse -vh
parse -x 2>/dev/null
