printf 'apple\nBanana\ncherry pie\napple pie\n\nfoo_bar\n' > f
grep apple f; echo $?
grep -i banana f
grep -v pie f
grep -c pie f
grep -n pie f
grep -o 'p[a-z]*' f
grep -w pie f
grep -x apple f
grep -E 'apple|cherry' f
grep -F 'e p' f
grep -e apple -e Banana f
grep '^$' -c f
grep -w foo f; echo $?
grep nomatch f; echo $?
grep -q apple f; echo $?
grep -m1 pie f
grep -c -v pie f
grep -on 'p' f
grep -in 'APPLE' f
grep -ow 'pie' f
