printf 'hi' > a
printf 'ho' > b
sha512sum -z a b | od -c | sed 's/  */ /g'
