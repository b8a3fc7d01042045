seq 1 9 > f
pr -3 -t -s f | cat -A
pr -3 -t -S'|' f
pr -3 -t -J f | cat -A
