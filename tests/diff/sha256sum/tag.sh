printf 'hello\n' > a
sha256sum --tag a
printf 'abc' | sha256sum --tag
sha256sum --tag -b a
