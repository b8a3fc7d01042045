printf 'hello\n' > a
b2sum -l 256 a
b2sum -l 128 --tag a
b2sum --length=8 a
b2sum -l 0 a
