seq 1 200000 > big
b2sum big
seq 1 200000 | b2sum
head -c 10000000 /dev/zero | b2sum
