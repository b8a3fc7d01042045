printf 'hi' > a
printf 'ho' > b
sha384sum -z a b | od -c | sed 's/  */ /g'
