f() { return abc; }
f
echo "rc=$?"
shift x
echo "rc=$?"
