seq 1 200000 > big
sha256sum big
seq 1 200000 | sha256sum
head -c 10000000 /dev/zero | sha256sum
