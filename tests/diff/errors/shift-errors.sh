set -- a
shift 2
echo "rc=$? n=$#"
shift -1
echo "rc=$?"
