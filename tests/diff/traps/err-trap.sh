trap 'echo "ERR trap: line $LINENO rc=$?"' ERR
false
echo after-false
f() { return 2; }
f
true
