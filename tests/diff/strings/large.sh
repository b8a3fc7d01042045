seq 1 100000 | strings | tail -2
head -c 10000000 /dev/zero | tr '\0' a | strings | wc -c
