seq 1 3000 | tr '\n' ' ' > n
fmt n | head -5
fmt -w 30 n | tail -3
fmt n | wc -l
seq 1 2000 | fmt -w 70 | md5sum
