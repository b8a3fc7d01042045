seq 1 200000 > big
md5sum big
seq 1 200000 | md5sum
head -c 10000000 /dev/zero | md5sum
