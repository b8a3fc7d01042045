printf 'hello world, this is hexdump!\n' > h.txt
hexdump h.txt
hexdump < h.txt
printf 'abc' | hexdump
