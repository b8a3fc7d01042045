printf 'bob 25 x\nalice 30 y\ncarol 25 a\ndave 5 z\n' > f
sort -k2 f
sort -k2n f
sort -k2,2n f
sort -k2,2n -k1,1r f
sort -k2,2nr -k3 f
sort -s -k2,2n f
sort -t: -k2 <<< $'a:2\nb:1\nc:10'
sort -t: -k2n <<< $'a:2\nb:1\nc:10'
sort -t, -k1.2 <<< $'xb,1\nya,2\nzc,3'
sort -k1.2,1.2 <<< $'xb\nya\nzc'
sort -u -k2,2 f
sort -n -u <<< $'1\n01\n2\n1.0'
sort -rk2 f
sort -k 2 -n f
sort -t ' ' -k3 f
printf 'a 2\na 1\nb 3\n' | sort -k1,1 -s
printf 'a\tb\nc\ta\n' | sort -t $'\t' -k2
sort -n <<< $'abc\n5\n\n-1\n1e3\n0x10'
sort -g <<< $'1e3\n5\n-inf\nnan\n0x10'
