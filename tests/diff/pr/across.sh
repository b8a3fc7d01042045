seq 1 10 > f
pr -3 -a -t f
pr -a -2 -t -s, f
