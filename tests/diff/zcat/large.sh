seq 1 300000 | gzip -1 | zcat | tail -1
head -c 10000000 /dev/zero | gzip | zcat | wc -c
