seq 1 40 > f; sed 's/^3$/three/;s/^30$/thirty/;/^20$/d' f > g
diff -c f g > c.diff
cp f h; patch h c.diff; echo "st=$?"; cmp h g && echo same
patch --dry-run -R h c.diff; echo "st=$?"
