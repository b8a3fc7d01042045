seq 1 200000 > big
sha1sum big
seq 1 200000 | sha1sum
head -c 10000000 /dev/zero | sha1sum
