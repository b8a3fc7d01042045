printf 'hello\n' > a
sha224sum --tag a
printf 'abc' | sha224sum --tag
sha224sum --tag -b a
