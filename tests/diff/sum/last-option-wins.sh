printf 'hello\n' > a
sum -s -r a
sum -r -s a
