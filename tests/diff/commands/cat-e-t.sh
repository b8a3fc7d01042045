printf 'a\tb\n\x01c\n' > f
cat -e f
cat -T f
cat -v f
cat -b f
