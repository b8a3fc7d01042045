trap 'echo hi' EXIT
trap -p EXIT
trap - EXIT
trap -p EXIT
echo "done"
