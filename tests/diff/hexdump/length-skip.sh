printf 'hello world, this is hexdump!\n' > h.txt
hexdump -C -n 5 h.txt
hexdump -C -s 3 -n 5 h.txt
hexdump -s 0x10 h.txt
hexdump -n 4 h.txt
hexdump -C -s 100 h.txt; echo "[$?]"
