printf 'text\0bin\nmore text\n' > b
grep text b; echo $?
grep -c text b
grep -a text b | od -c | head -3
grep -l text b
grep -o more b
grep -q text b; echo $?
printf 'abc\n' | grep -x -F abc
printf 'no newline' | grep new
printf 'a\r\nb\n' | grep -c 'a$'
echo abc | grep -b b
echo abc | grep -ob b
