die() { echo "error: $*" >&2; exit 1; }
check_file() { [[ -f $1 ]] || die "missing file: $1"; echo "found $1"; }
touch present.txt
check_file present.txt
check_file absent.txt
echo "not reached"
