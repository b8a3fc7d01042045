printf 'hello world, this is xxd!\n' > h.txt
xxd -l 5 h.txt
xxd -s 4 h.txt
xxd -s 0x10 -l 4 h.txt
xxd -s -4 h.txt
xxd -seek 20 -len 3 h.txt
xxd -s 100 h.txt; echo "[$?]"
