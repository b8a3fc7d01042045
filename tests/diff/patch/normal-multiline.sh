printf 'a\nb\nc\nd\ne\n' > f; printf 'a\nX\nY\nZ\ne\nf\ng\n' > g
diff f g > n.diff; cat n.diff
patch f n.diff; echo "st=$?"; cmp f g && echo same
