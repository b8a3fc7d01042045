seq 1 20 > f
grep -A1 5 f
grep -B2 '^1[02]$' f
grep -C1 -E '^(3|9)$' f
grep -A1 -E '^(3|4)$' f
grep -n -C1 10 f
grep -c '1' f
grep -m2 -A1 1 f
printf 'x1\nx2\n' > a; grep -H -A1 x1 a
grep -v -c '^$' f
