printf 'hello world, this is xxd!\n' > h.txt
xxd h.txt | xxd -r
xxd h.txt > dump
xxd -r dump | cmp - h.txt && echo same
xxd -c 32 h.txt | xxd -r -c 32
