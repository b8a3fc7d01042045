head -c 10000000 /dev/zero | base32 -w 0 | wc -c
head -c 1000000 /dev/zero | base32 | base32 -d | wc -c
