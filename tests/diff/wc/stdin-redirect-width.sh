printf 'hello world\nfoo\n' > a
wc < a
wc -lc < a
printf "x\n" > b
wc a - < b 2>&1
wc -l - b < b
