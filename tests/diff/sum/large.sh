seq 1 100000 > big
sum big
sum -s big
head -c 10000000 /dev/zero | sum
