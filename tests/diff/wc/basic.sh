printf 'hello world\nfoo\n' > a; printf 'one two three' > b; : > e
wc a
wc -l a
wc -w a
wc -c a
wc -m a
wc -L a
wc a b
wc -l a b e
wc -l < a
cat a | wc -w
wc -lw a
wc -L a b
printf 'a\tb\n' | wc -L
wc missing a; echo $?
wc -c e
printf '\xc3\xa9\n' | wc -c
wc -lc a b
echo | wc
printf '' | wc
wc --total=never a b 2>&1
