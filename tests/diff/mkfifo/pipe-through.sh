mkfifo p
{ seq 1 5000 > p & }
wc -l < p
wait
{ sort -r < p > out & }
printf '1\n3\n2\n' > p
wait
cat out
