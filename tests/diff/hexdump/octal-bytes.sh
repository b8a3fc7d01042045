printf 'abc\377\000' | hexdump -b
seq 1 10 | hexdump -b
