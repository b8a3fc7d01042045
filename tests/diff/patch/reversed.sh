seq 1 10 > f; seq 1 10 | sed "s/5/five/" > g; diff -u --label f --label g f g > p.diff
patch < p.diff > /dev/null; patch -N < p.diff; echo "st=$?"; rm -f f.rej; patch < p.diff; echo "st=$?"
