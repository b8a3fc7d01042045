seq 1 5 > f
pr -t f
pr -T f | od -c | tail -2
printf 'a\fb\n' | pr -t | od -c
printf 'a\fb\n' | pr -T | od -c
