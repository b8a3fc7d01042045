seq 1 10 > f
csplit f 3 7; echo "st=$?"
for x in xx*; do echo "== $x"; cat "$x"; done
