printf 'abc123\nABC\n  indented\nend.\ta\n' > f
grep '[0-9]\+' f
grep -E '[[:digit:]]{3}' f
grep '[[:upper:]]' f
grep '^[[:space:]]' f
grep '\.' f
grep -F '.' f
grep 'c\|C' f
grep -E '^(abc|ABC)$' f
grep -P '\d+' f
grep -o -E '[a-z]+' f
grep '\<ABC\>' f
grep 'a\b' f
grep -e '' -c f
printf 'pat1\nABC\n' > pats; grep -f pats f
grep -E 'a{1,}b' f
grep 'x*' -c f
grep -ow '' f; echo $?
grep -o 'b*' f
