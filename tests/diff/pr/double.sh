seq 1 4 > f
pr -d -t f
pr -d -l 14 f | cat -A | head -20
