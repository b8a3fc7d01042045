head -c 10000000 /dev/zero | gzip | gzip -d | wc -c
seq 1 200000 | gzip -c | gzip -dc | md5sum
