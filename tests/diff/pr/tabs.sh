printf 'a\tb\tc\n\tindent\n' > f
pr -t f | od -c
pr -t -e f | od -c
pr -t -e,4 f | od -c
pr -2 -t -i f | od -c
