d=$(mktemp -d ./tmp.XXXXXX)
[[ -d $d ]] && echo "dir created"
f=$(mktemp "$d/file.XXXX")
[[ -f $f ]] && echo "file created"
echo data > "$f"; cat "$f"
rm -r "$d"; [[ -e $d ]] || echo cleaned
