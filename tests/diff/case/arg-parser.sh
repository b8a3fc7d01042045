set -- -v --name=bob -o out.txt input1 input2
verbose=0 name= out= inputs=()
while (($#)); do
  case $1 in
    -v|--verbose) verbose=1 ;;
    --name=*) name=${1#*=} ;;
    -o) out=$2; shift ;;
    --) shift; break ;;
    -*) echo "unknown: $1" >&2; exit 2 ;;
    *) inputs+=("$1") ;;
  esac
  shift
done
echo "verbose=$verbose name=$name out=$out inputs=${inputs[*]}"
