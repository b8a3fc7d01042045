printf 'hi' > a
printf 'ho' > b
sha1sum -z a b | od -c | sed 's/  */ /g'
