printf '10\n9\n2\n1\n33\n-5\n3.5\n' > n
sort n
sort -n n
sort -rn n
sort -g n
printf 'b\na\nB\nA\nb\n' > s
sort s
sort -f s
sort -u s
sort -fu s
sort -r s
printf '1K\n2M\n512\n1G\n3k\n' | sort -h
printf 'v1.10\nv1.2\nv1.9\nv10\n' | sort -V
printf 'Mar\nJan\nDec\nfeb\n' | sort -M
printf '  b\na\n c\n' | sort -b
printf '  b\na\n c\n' | sort
sort -c n; echo $?
sort -n -c <<< $'1\n2'; echo $?
sort -o out n; cat out
sort n s | head -3
