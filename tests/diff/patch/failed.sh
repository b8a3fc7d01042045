seq 1 10 > f; seq 1 10 | sed "s/5/five/" > g; diff -u --label f --label g f g > p.diff
sed -i "s/^4$/X/" f; patch < p.diff; echo "st=$?"; cat f.rej; ls
