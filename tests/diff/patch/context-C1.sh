printf 'a\nb\nc\nd\ne\nf\n' > f; printf 'a\nB\nc\nd\ne\nF\nG\n' > g
diff -C1 f g > c.diff
cp f h; patch h < c.diff; echo "st=$?"; cmp h g && echo same
