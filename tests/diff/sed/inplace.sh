printf 'one\ntwo\nthree\n' > f
sed -i 's/two/TWO/' f; cat f
sed -i.bak '1d' f; cat f; cat f.bak
printf 'x\ny\n' > g
sed -i -e '$a\' -e 'end' g; cat g
sed -n -i '1p' f; cat f
cp g h; sed -i '1i top' g h; cat g h
sed -s -n '$p' g h
sed -n '$p' g h
sed -i 's/a/b/' nonexist; echo $?
