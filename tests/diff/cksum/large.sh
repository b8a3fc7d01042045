seq 1 100000 > big
cksum big
head -c 10000000 /dev/zero | cksum
