printf 'hello world\nfoo\n' > a
wc < a
wc -lc < a
