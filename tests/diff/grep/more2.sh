seq 1 30 > n
grep -A2 -B1 '^1[05]$' n
grep -C1 -m2 '^2' n
grep -c -A3 '^5$' n
grep -o -b '3' n | head -3
grep --color=never 5 n | head -2
grep -n '' n | tail -1
grep -A1 '^[13]$' n
grep -B1 -n '^2$' n
grep -A0 '^1[12]$' n
grep -vn '[02-9]' n
grep -e '^1$' -e '^2$' -v -c n
printf '^1$\n^3$\n' > pats; grep -f pats n
printf '' > empty; grep -f empty n; echo $?
grep -E '^([12])\1$' n
grep '^\(.\)\1$' n
grep -z -c 1 n
grep -ob '^2' n | head -2
grep -h --null -l 1 n n | od -c
