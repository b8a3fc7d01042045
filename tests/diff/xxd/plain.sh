printf 'hello world, this is xxd!\n' > h.txt
xxd -p h.txt
seq 1 40 | xxd -p
xxd -ps -c 8 h.txt
xxd -p -c 0 h.txt
printf '' | xxd -p | wc -c
