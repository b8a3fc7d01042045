seq 1 2000000 > big
file big
head -c 10000000 /dev/zero | tr '\0' x > one
file one
