seq 1 10 > f; seq 1 10 | sed "s/5/five/" > g; diff -u --label f --label g f g > p.diff
printf "0\n" | cat - f > h; mv h f; patch < p.diff; echo "st=$?"; sed -n 6p f; ls
