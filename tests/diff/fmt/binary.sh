printf 'a\000b c\377d\tx\r\ny\001 z\n' > b
fmt b | od -c
fmt -w 3 b | od -c | head -5
head -c 20000 /dev/zero | tr '\0' 'x' | fmt | wc -c
