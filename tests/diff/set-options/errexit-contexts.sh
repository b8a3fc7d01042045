set -e
f() { false; echo "f continues (called in if)"; }
if f; then echo "f true"; fi
false && echo no
! true
echo "still running"
x=$(false) || echo "cmdsub failed handled"
f
echo "never"
