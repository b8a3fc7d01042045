printf 'line one\nline two\n' > f
sed 's/line/L/;s/one/1/w w1' f; cat w1
sed -n 'p' f f
sed -s -n '1p' f f
sed -i -e 's/one/ONE/' -e 's/two/TWO/' f; cat f
sed -i~ 's/ONE/1/' f; ls f*; cat f~
mkdir bk; sed -i'bk/*.orig' 's/1/one/' f; ls bk; cat f
sed -E 's/(^|_)([a-z])/\U\2/g' <<< 'snake_case_name'
sed 's/.*/"&"/' f
sed 's/\//\\\//g' <<< '/usr/bin'
sed "s/'/\"/g" <<< "it's"
sed 's/a\+b/X/' <<< 'aaab'
sed 's/a\?b/X/' <<< 'b'
sed -E 's/a+?/X/' <<< 'aaa' ; echo $?
sed 's/[]]/X/' <<< 'a]b'
sed 's/[a-]/X/g' <<< 'a-b'
sed 's/\$HOME/~/' <<< '$HOME/x'
sed 's/\x41/B/' <<< 'A'
sed 's/a/\x41/' <<< 'a'
sed 's/\(a\)\|b/[\1]/g' <<< 'ab'
sed -E 's/(a)|b/[\1]/g' <<< 'ab'
sed 's/^/\t/' <<< x | od -c | head -1
sed -n '/a/I p' <<< 'A'
sed '1d;$d' f
sed 10q f
sed -n '2{p;q}' f
sed 0p f; echo $?
sed -n '0,/line/p' f
