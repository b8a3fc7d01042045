set -e
f() { local r; r=$(false) || r=fallback; echo "r=$r"; }
f
g() { return 1; }
g || echo "g failed, handled"
if ! g; then echo "negated"; fi
echo "end"
