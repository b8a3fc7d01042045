printf 'a\000b\001c\n\377\376\n' | awk '{ print length($0) }'
printf 'x\000y z\n' | awk '{ print $2 }' | od -c | head -2
