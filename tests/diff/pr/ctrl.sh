printf 'a\001b\177c\n' > f
pr -t -c f | od -c
pr -t -v f | od -c
