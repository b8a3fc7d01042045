f() { echo f; }
type -t f
unset -f f
type -t f || echo "gone"
f 2>/dev/null || echo "rc=$?"
