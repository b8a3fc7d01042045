printf 'hello\n' > a
sha1sum --tag a
printf 'abc' | sha1sum --tag
sha1sum --tag -b a
