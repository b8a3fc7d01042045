a=1; b=(1 2); f() { :; }
unset a b; echo "[${a-u}][${b[*]-u}]"
unset -v nonexist; echo "rc=$?"
unset -f f; type -t f || echo "f removed"
c=(1 2 3); unset 'c[0]' 'c[2]'; declare -p c
