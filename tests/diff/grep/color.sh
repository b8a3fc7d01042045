printf 'foo bar foo\nbaz\n' > f
grep --color=always foo f | od -c
grep --color=always -n -H foo f | od -c | head -4
grep --color=always -o foo f | od -c | head -2
grep --color=always -v foo f | od -c
grep --color=always -c foo f
grep --color=always -A1 -n bar f | od -c | head -5
