printf 'hello world, this is xxd!\n' > h.txt
xxd -i h.txt
xxd -i < h.txt
cp h.txt 1data.bin
xxd -i 1data.bin
xxd -i -C h.txt | head -1
xxd -i -u -c 4 -l 6 h.txt
xxd -i -n myvar h.txt | tail -1
