seq 1 100 > n
hd -n 20 n
hd -s 5 -n 10 n
