shift 1 2
echo "rc=$?"
exit 1 2
echo "not reached"
