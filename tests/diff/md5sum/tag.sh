printf 'hello\n' > a
md5sum --tag a
printf 'abc' | md5sum --tag
md5sum --tag -b a
