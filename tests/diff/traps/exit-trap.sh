cleanup() { echo "cleanup ran (rc=$?)"; }
trap cleanup EXIT
echo working
exit 3
