printf '0123456789abcdef' | hd
printf '0123456789abcdef0123456789abcdef' | hd
