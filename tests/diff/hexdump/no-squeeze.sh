head -c 40 /dev/zero | hexdump -Cv
head -c 33 /dev/zero | hexdump -v
