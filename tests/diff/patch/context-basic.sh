seq 1 10 > f; seq 1 10 | sed 's/5/five/;3d;8a\
new' > g
diff -c f g | sed 's/\t.*//' > c.diff
cp f f0; patch < c.diff; echo "st=$?"; cmp f g && echo same
patch -R < c.diff; echo "st=$?"; cmp f f0 && echo back
