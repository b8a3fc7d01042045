printf 'hi' > a
printf 'ho' > b
sha224sum -z a b | od -c | sed 's/  */ /g'
