printf 'first\0' > a; printf 'second\0' > b
strings -f a b
printf 'stdin!' | strings -f
