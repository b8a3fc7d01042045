printf 'AB\n' | od -c
printf 'AB\n' | od -An -tx1
printf '\x00\xff' | od -An -tu1
printf 'hello' | od -An -c
