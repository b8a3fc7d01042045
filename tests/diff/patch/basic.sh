seq 1 10 > f; seq 1 10 | sed "s/5/five/" > g; diff -u --label f --label g f g > p.diff
cp f f0; patch < p.diff; echo "st=$?"; sed -n 5p f
patch -R < p.diff; echo "st=$?"; cmp f f0 && echo same
patch --dry-run < p.diff; echo "st=$?"; cmp f f0 && echo unchanged
