printf 'hi' > a
printf 'ho' > b
b2sum -z a b | od -c | sed 's/  */ /g'
