# grep -P with what the regex crate lacks: look-ahead, look-behind, back-references, atomic
# groups, \\K; with -o, -w, -x, -i, -c, -v; bad patterns (PCRE's messages)
printf '%s\n' 'price: $42' 'cost 17 EUR' 'foo=bar' 'foobar' 'abcabc' 'xyzxy' 'Hello World' > in
grep -P '(?<=\$)\d+' in
grep -oP '(?<=\$)\d+' in
grep -oP '\d+(?= EUR)' in
grep -P 'foo(?!bar)' in
grep -P '(abc)\1' in
grep -cP '(\w)\w\1' in
grep -vP '(?<!o)bar' in
grep -wP 'W\w+(?=$)' in
grep -xP '(?>foo)=bar' in
grep -iP '(?<=hello )world' in
grep -P '(?<=' in; echo "status $?"
grep -P '(?<=a+)b' in; echo "status $?"
grep -P '(a)\2' in; echo "status $?"
grep -oP 'foo\Kbar' in
