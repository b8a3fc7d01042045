printf 'one two\nthree\n' > a.txt
printf 'x\n' > b.txt
wc a.txt
wc -w a.txt; wc -l a.txt b.txt
wc -c < a.txt
echo -n "abc" | wc -c
