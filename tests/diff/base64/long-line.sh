head -c 10000000 /dev/zero | base64 -w 0 | wc -c
head -c 10000000 /dev/zero | base64 -w 0 | base64 -d | wc -c
