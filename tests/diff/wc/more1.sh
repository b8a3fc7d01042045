printf 'one  two\tthree\n  four\n' > a
printf 'x\n' > b
wc -w a
wc -c a b
wc -l a b | tail -1
wc -L a
wc -lwcL a
wc -cl a
printf 'a\nb' | wc -l
printf 'no nl' | wc -w
printf 'a b\n' | wc -w -l
cat a b | wc
mkdir d; wc d; echo $?
wc -l d a; echo $?
printf 'x\0y\n' | wc -w
printf '\x80\n' | wc -w
printf 'a\vb\fc\n' | wc -w
wc --lines a
