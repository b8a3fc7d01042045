printf 'hi' > a
cksum -z a | od -c | sed 's/  */ /g'
cksum -a md5 -z a | od -c | sed 's/  */ /g'
