printf 'hello world, this is xxd!\n' > h.txt
xxd -c 8 h.txt
xxd -g 1 h.txt
xxd -g1 -c8 h.txt
xxd -g 0 h.txt
xxd -c 5 -g 3 h.txt
xxd -cols 4 -groupsize 4 h.txt
