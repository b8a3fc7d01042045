printf 'k1=v1\n# comment\nk2 = v2\n\n  k3=v3  \n' > c
sed -n 's/^\([^=]*\)=\(.*\)$/\1 -> \2/p' c
sed '/^#/d;/^$/d' c
sed 's/^[ \t]*//;s/[ \t]*$//' c | od -c | tail -3
sed -E 's/^\s+|\s+$//g' c
sed '/k2/s/v2/NEW/' c
sed '/k1/,/k2/{/^#/d}' c
sed -n '/k1/{n;p}' c
sed '2,$s/^/> /' c
sed -e '/k3/{s/k3/K3/;q}' c
sed '$!s/$/,/' c
sed -n '/^k/{s/=.*//;p}' c
sed 's/=/\n=/' c | head -3
sed 'N;s/\n/+/' c
sed '1~3d' c
sed -n 'l 5' c | head -3
sed = c | sed 'N;s/\n/ /'
sed -E 's/(k)([0-9])/\2\1/2' <<< 'k1k2k3'
sed 's/[[:space:]]\+/ /g' <<< $'a \t  b'
sed 's/[^[:alnum:]]//g' <<< 'a-b_c!d'
sed -E 's/[0-9]+$//' <<< 'abc123'
sed 'y/\n/x/' <<< 'abc'
sed -n '/start/,/end/{//!p}' <<< $'x\nstart\n1\n2\nend\ny'
sed '/^$/,$d' <<< $'a\nb\n\nc'
