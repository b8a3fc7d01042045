printf 'hello\n' > a
b2sum --tag a
printf 'abc' | b2sum --tag
b2sum --tag -b a
