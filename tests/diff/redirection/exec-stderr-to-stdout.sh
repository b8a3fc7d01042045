exec 2>&1
echo "to stdout"
echo "to stderr" >&2
ls nonexistent_zz
echo "rc=$?"
