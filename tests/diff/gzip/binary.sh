printf '\000\001\377\376' > bin
gzip -c bin | gzip -d | od -An -tx1
head -c 100000 /dev/urandom > r 2>/dev/null || seq 1 9999 > r
gzip -c r | gzip -dc | cmp - r && echo same
