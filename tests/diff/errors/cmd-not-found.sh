echo before
nosuchcmd arg
echo "rc=$?"
