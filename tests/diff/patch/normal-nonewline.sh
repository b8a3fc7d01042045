printf 'a\nb\nc' > f; printf 'a\nB\nc' > g
diff f g > n.diff; cat n.diff
cp f h; patch h < n.diff; echo "st=$?"; cmp h g && echo same
printf 'x\ny\n' > m; printf 'x\nz' > k
diff m k > d.diff; patch m < d.diff; echo "st=$?"; cmp m k && echo same
