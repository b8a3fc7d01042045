tmp=work.tmp
trap 'rm -f "$tmp"; echo "removed $tmp"' EXIT
echo data > "$tmp"
[[ -f $tmp ]] && echo "tmp exists"
