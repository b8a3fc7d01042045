printf '1\n2\n3\n' > a; printf 'x\ny\n' > b
tail -n 1 a b
head -n 1 a b
