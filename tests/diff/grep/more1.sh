printf 'foo\nfoobar\nbar foo\nFOO\n' > f
grep -c foo f f
grep -n -v foo f
grep -x -i foo f
grep -w -o foo f
grep -E -o '(fo)+' f
grep -F -x foo f
grep -F -w foo f
grep -F -i -o FOO f
grep -e foo -e bar -o f
grep -n -o 'o' f | head -3
grep -lv foo f
grep -L foo f; echo $?
grep -m1 -c foo f
grep -m 2 -n foo f
grep -E '^$|foo' f | wc -l
grep -E 'foo$' f
grep 'fo\{2\}' f
grep -E 'o{2}b' f
grep -i -w 'FOO' f
grep -vx '' f | wc -l
echo 'a.b' | grep -F '.'
echo 'a+b' | grep 'a+b'
echo 'a+b' | grep -E 'a\+b'
echo 'ab' | grep -E 'a|'
echo '(x)' | grep '(x)'
echo '(x)' | grep -E '\(x\)'
echo 'tab	here' | grep -P '\t'
echo 'x{1}' | grep -E 'x{1'
echo 'word1 word2' | grep -oE '\bw\w+'
printf 'x\n' | grep -H x
printf 'x\n' | grep --label=in -H x
printf 'x\n' | grep -c x -
