printf 'hi' > a
printf 'ho' > b
sha256sum -z a b | od -c | sed 's/  */ /g'
