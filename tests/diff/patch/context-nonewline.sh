printf 'a\nb\nc' > f; printf 'a\nB\nc' > g
diff -c f g > c.diff
cp f h; patch h < c.diff; echo "st=$?"; cmp h g && echo same
printf 'x\ny\n' > m; printf 'x\ny' > n
diff -c m n > d.diff; patch m < d.diff; echo "st=$?"; cmp m n && echo same
