printf 'hi' > a
printf 'ho' > b
md5sum -z a b | od -c | sed 's/  */ /g'
