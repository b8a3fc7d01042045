seq 1 30 > f
pr -3 -t f
pr -t --columns=4 -w 40 f
pr -2 -t -l 5 f
