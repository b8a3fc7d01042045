seq 1 3 > f; seq 1 4 > g
diff f g > n.diff
patch < n.diff; echo "st=$?"
patch -o out f n.diff; echo "st=$?"; cat out
