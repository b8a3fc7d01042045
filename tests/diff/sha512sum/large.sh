seq 1 200000 > big
sha512sum big
seq 1 200000 | sha512sum
head -c 10000000 /dev/zero | sha512sum
