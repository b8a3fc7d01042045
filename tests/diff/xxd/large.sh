seq 1 100000 > big
xxd big | tail -2
xxd big | wc -l
xxd -p big | xxd -r -p | cmp - big && echo same
head -c 10000000 /dev/zero | xxd -p | wc -l
