{ printf 'ab'; head -c 80 /dev/zero; printf 'cd'; } > z
xxd -a z
xxd -a -c 4 z
head -c 64 /dev/zero | xxd -a
