printf 'abc' | hexdump -d
printf 'abc' | hexdump -o
seq 1 12 | hexdump -d
