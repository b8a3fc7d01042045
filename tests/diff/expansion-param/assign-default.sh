unset a b
: ${a:=first}
echo "$a"
: ${a:=second}
echo "$a"
b=""; : ${b=notused}; echo "[$b]"; : ${b:=used}; echo "[$b]"
f() { local v=${1:-none}; echo "$v"; }; f; f given
