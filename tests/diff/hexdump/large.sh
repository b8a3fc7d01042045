seq 1 50000 > big
hexdump -C big | tail -3
hexdump big | wc -l
head -c 10000000 /dev/zero | hexdump -C
