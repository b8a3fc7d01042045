seq 1 30 > n
xxd -u n
xxd -d n
xxd -o 256 -l 20 n
xxd -d -o 10 -l 20 n
