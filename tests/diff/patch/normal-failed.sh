seq 1 10 > f; sed 's/^5$/five/' f > g
diff f g > n.diff
seq 20 30 > h
patch h n.diff; echo "st=$?"
cat h.rej
