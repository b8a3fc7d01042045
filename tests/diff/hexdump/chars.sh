printf 'a\tc\001\377\n\r\000 z' | hexdump -c
printf 'hello world, this is hexdump!\n' | hexdump -c
