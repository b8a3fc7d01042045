printf 'hello world' > h
xxd -b h
xxd -b -c 4 -l 6 h
xxd -bits -g 2 h 2>/dev/null | head -1
