printf 'hello world, this is hd!\n' > h.txt
hd h.txt
printf 'abc' | hd
