seq 1 20000 | hd | tail -2
