printf 'a.b\na*b\na[b\na^b\n' > f
sed 's/\./DOT/' f
sed 's/\*/STAR/' f
sed 's/\[/BR/' f
sed 's/a^b/caret/' f
sed -E 's/a|b/X/g' f
sed 's/a\|b/X/g' f
sed -E 's/(a)(\.)?/[\1\2]/' f
sed 's/b$/END/;s/^a/BEG/' f
printf 'a\0b\0' | sed -z 's/^/>/' | od -c
sed -n '/a/{/\./p}' f
sed '/\*/,$d' f
sed 's/a/\t/' f | od -c | head -2
sed 's/a/&&/' f
sed 's/a/\&/' f
sed -n '/a\.b/w out' f; cat out
sed 's/b/X/w out2' f >/dev/null; cat out2
sed 3q f
sed -e 1d -e 2d f
echo abc | sed 's/\(a\)\(b\)/\2\1/'
echo 'hello' | sed 's/\(l\+\)/[\1]/'
echo 'aaa' | sed 's/a\{2\}/X/'
echo 'aaa' | sed -E 's/a{2,}/X/'
echo 'Hello World' | sed 's/\w\+/\U&/'
echo 'Hello World' | sed 's/\(\w\)\(\w*\)/\u\1\L\2/g'
echo 'abc' | sed 's/b/\
/'
