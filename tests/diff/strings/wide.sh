printf 'h\0e\0l\0l\0o\0\0\0x\0' | strings -e l
printf '\0h\0e\0l\0l\0o' | strings -e b -t d
printf 'a\0b\0c\0d\0\351\0f\0' | strings -e l
printf 'h\0\0\0i\0\0\0j\0\0\0k\0\0\0' | strings -e L
printf 'xh\0e\0l\0l\0o\0' | strings -el -td
printf 'ab' | strings -e q; echo "[$?]"
