seq 1 10 > f; seq 1 10 | sed 's/5/five/;3d;8a\
new' > g
diff f g > n.diff; cat n.diff
cp f h; patch h < n.diff; echo "st=$?"; cmp h g && echo same
patch -R h n.diff; echo "st=$?"; cmp h f && echo back
