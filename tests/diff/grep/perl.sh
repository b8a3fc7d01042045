printf 'version: 1.2.3\nname="kitsh" id=42\nfoo123bar\n' > f
grep -oP 'version: \K[\d.]+' f
grep -oP 'name="\K[^"]+' f
grep -oP 'id=\K\d+' f
grep -oP '\d+(?=bar)' f
grep -P '^\w+\d{3}' f
grep -oP '".*?"' f
grep -cP '\s' f
grep -oP '(?i)NAME' f
grep -P '\bid\b' f
grep -oP 'foo\K\d+(?=bar)' f
grep -oP '[[:alpha:]]+' f | head -3
grep -P '\x66oo' f
grep -oP '(\w)\1' <<< 'hello'
