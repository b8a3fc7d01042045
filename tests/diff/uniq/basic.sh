printf 'a\na\nb\nA\na\nc\nc\nc\n' > f
uniq f
uniq -c f
uniq -d f
uniq -u f
uniq -i f
uniq -ic f
uniq -D f
printf 'x a\ny a\nz b\n' > g
uniq -f1 g
uniq -f1 -c g
printf 'aXb\naYb\nbZb\n' > h
uniq -s1 h
uniq -w1 h
uniq -s2 -w1 h
uniq -c -d f
uniq f out; cat out
printf 'a\na' | uniq
uniq --all-repeated=separate f
uniq -D -c f; echo $?
