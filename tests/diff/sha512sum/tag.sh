printf 'hello\n' > a
sha512sum --tag a
printf 'abc' | sha512sum --tag
sha512sum --tag -b a
