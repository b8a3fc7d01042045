seq 1 200000 > big
sha224sum big
seq 1 200000 | sha224sum
head -c 10000000 /dev/zero | sha224sum
