printf 'a\nb\nc\n' > f
sed 'N;N;s/\n/+/g;s/^/[/;s/$/]/' f
sed -n 'N;l' f
sed 'N;s/^/>/Mg' f
sed 'N;s/a$/A/M' f
sed -E 'N;s/[^\n]+$/X/' f
sed 's/[\n]/X/' <<< 'anb'
sed 's/\d97/X/' <<< 'abc'
sed 's/\o142/X/' <<< 'abc'
sed 's/\cA/X/' <<< $'a\001b'
sed 's/a/\cA/' <<< 'a' | od -c | head -1
sed -E 's/a?b+/X/' <<< 'abbb'
sed 's/a?b+/X/' <<< 'a?b+'
sed 's/a|b/X/' <<< 'a|b'
sed -E 's/a\|b/X/' <<< 'a|b'
sed 's/\(ab\)*/X/' <<< 'ababc'
sed -E 's/(ab)*c/[\1]/' <<< 'ababc'
sed -E 's/()/X/' <<< 'a'
sed 's/^*a/X/' <<< '*a'
sed -E 's/a{,2}/X/' <<< 'aaa'
sed 's/a\{,2\}/X/' <<< 'aaa'
sed 's/.*/\U&/;s/B/b/' f | head -2
sed 's/\(.\)/\1\n/' f | head -2
sed '$!{N};P;D' f
sed -n '/b/{=;p}' f
sed '2!{s/./X/}' f
sed -e '1{' -e 's/a/A/' -e '}' f
sed '/a/b end; s/./Y/; :end' f
sed -n '/a/,/c/{/b/!p}' f
sed '1~0p' f | head -3
sed 's/x/y/;' f | head -1
sed -n '/b/,/b/p' f
sed -n '2,1p' f
sed '2,/./d' f
sed '1,+0d' f
sed -s '1F' f f 2>&1
sed --null-data 's/\n/,/g' f
sed -u 's/a/u/' f | head -1
sed --regexp-extended 's/(a)/\1\1/' f | head -1
sed -n --quiet '1p' f
sed 's/a/b/3;s/b/c/' f
