f() { :; }
type -t echo f cd ls nosuch_zz
echo "rc=$?"
command -v echo f
command -v nosuch_zz || echo "not found rc=$?"
type f | head -1
