set -e
f() { false; echo "continues inside f"; return 0; }
f && echo "f in && list"
f
echo "end"
