printf 'ab\351cd\0caf\303\251s' > e
strings -e S -n 3 e | od -c
strings -n 3 e
