expr "file.tar.gz" : '.*\.\(.*\)'
expr "abc" : 'a\(.\)c'
expr "2024-05-06" : '\([0-9]*\)-'
expr "abc" : 'x'
echo "rc=$?"
expr a \< b; expr 10 \< 9
