printf 'apple\nApple\napple\nbanana\n' | uniq -i -c
printf 'one\ntwo\ntwo\n' | uniq -c | sed 's/^ *//'
printf 'x\ny\n' | uniq -d; echo $?
printf 'a b c\na b d\n' | uniq -f2
printf 'a b c\na b d\n' | uniq -f1 -w2
printf 'ab\nac\n' | uniq -w1 -u
printf 'ab\nac\nb\n' | uniq -w1 -D
printf '1\n1\n2\n' | uniq - out; cat out
printf 'a\nA\n' | uniq --ignore-case --count
printf 'a\na\n' | uniq --repeated
printf 'a\na\nb\n' | uniq --unique
printf 'a\na\n' | uniq --skip-chars=0 --check-chars=1
printf 'xa\nya\n' | uniq --skip-fields=0 -s1
printf '\n\n' | uniq -c
uniq -c /dev/null
printf 'a\n' | uniq -w -1; echo $?
printf 'a\n' | uniq -D -u; echo $?
printf 'a\na\nb\nb\n' | uniq --group=append
printf 'a\na\nb\n' | uniq --all-repeated=none
printf 'a\na\n' | uniq -c --group 2>&1; echo $?
