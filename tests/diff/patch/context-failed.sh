seq 1 10 > f; sed 's/^5$/five/' f > g
diff -c f g > c.diff
seq 100 110 > h
patch h < c.diff; echo "st=$?"; cat h.rej | sed 1,2d
