printf 'abc' > a; printf 'def' > b
hd a b
