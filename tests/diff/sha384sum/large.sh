seq 1 200000 > big
sha384sum big
seq 1 200000 | sha384sum
head -c 10000000 /dev/zero | sha384sum
