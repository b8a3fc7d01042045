set -x
a=1
echo "value $a"
f() { echo in-f; }
f arg
set +x
echo quiet
