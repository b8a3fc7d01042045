printf 'hello\n' > a
sha384sum --tag a
printf 'abc' | sha384sum --tag
sha384sum --tag -b a
