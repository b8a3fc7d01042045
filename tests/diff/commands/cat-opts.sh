printf 'a\n\n\nb\tc\n' > f
cat -n f
cat -s f | wc -l
cat -A f
printf 'x\n' | cat - f | head -2
