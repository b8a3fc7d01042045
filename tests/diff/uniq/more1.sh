printf 'a 1\na 2\nb 1\nb 1\nc 3\n' > f
uniq -f1 f
uniq -c -f1 f
uniq -d -f1 f
uniq -u -w1 f
uniq -c -w1 f
uniq -s2 -c f
uniq -i -d <<< $'A\na\nb'
uniq -c <<< $'x\nx\nx\nx\nx\nx\nx\nx\nx\nx\nx\ny'
printf 'a\n\n\nb\n' | uniq -c
uniq --group f | head -6
uniq --group=both -w1 f
uniq -D -w1 f
uniq --all-repeated=prepend -w1 f
uniq -z < <(printf 'a\0a\0b\0') | od -c
uniq -f 5 f
uniq -s 10 -c f
uniq -w 0 -c f
printf 'a\tb\na c\n' | uniq -f1
printf ' a\na\n' | uniq -f1 -c
uniq missing; echo $?
uniq -f x f; echo $?
uniq f f2 f3; echo $?
