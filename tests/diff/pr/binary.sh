printf 'a\000b\n\377x\n' > b
pr -t b | od -c
pr -t -v b | od -c
head -c 5000 /dev/zero | tr '\0' 'y' | pr -t -W 20 | wc -c
