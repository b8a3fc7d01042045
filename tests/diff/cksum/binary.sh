printf '\000\377\200\001' > bin
cksum bin
cksum -a sha1 bin
head -c 5000 /dev/zero | cksum
