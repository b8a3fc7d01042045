printf 'a,,1\nb,x,2\nc,,0\n' | sort -t, -k2,2 -k3,3n
printf '1,000\n999\n2,5\n' | sort -n
printf '5\n5.0\n05\n' | sort -n -u
printf '5\n5.0\n05\n' | sort -n -s
printf 'b\nB\na\nA\n' | sort -f -u
printf 'b\nB\na\nA\n' | sort -f -s
printf 'x 1\nx 2\ny 1\n' | sort -k1,1 -u
printf 'x 1\nx 2\ny 1\n' | sort -k1,1 -u -r
printf '1.2.3\n1.10.1\n1.2.10\n1.2\n' | sort -V
printf 'file-1.txt\nfile-10.txt\nfile-2.txt\n' | sort -V
printf 'a~1\na\na1\n' | sort -V
printf '1.0-rc1\n1.0\n1.0a\n' | sort -V
printf '10G\n1T\n900M\n1.5G\n' | sort -h
printf '1k\n1K\n' | sort -h -s
printf 'Jan\nfeb\nMAR\nxyz\n' | sort -M -r
printf 'nan\n-nan\ninf\n1\n' | sort -g
printf '0x1p3\n7\n' | sort -g
printf 'a\tb\n' | sort -t '\t' -k2; echo $?
printf '3\n1\n2\n' | sort -n -o /dev/stdout
printf 'b\na\n' | sort -k1,1 -k1,1r
printf ' b\n  a\n' | sort -k1
printf ' b\n  a\n' | sort -k1b
printf 'aa\nab\n' | sort -k1.2,1.2 -r
printf 'a b\na  b\n' | sort -u -k2
printf '1 a\n1 b\n' | sort -n -k1,1 -r
printf 'x\n' | sort -k2; echo $?
printf 'x 5\ny\n' | sort -k2n
printf '%s\n' 20 3 100 | sort -d
printf '%s\n' B a C | sort -d -f
printf '%s\n' -2 -10 1 | sort -h
printf 'b\na\n' | sort -o /dev/stdout | cat
printf 'b\na\n' | sort -o /dev/stderr 2>&1
printf 'a\na\n' | uniq - /dev/stdout
printf 'nan\n-nan\nnan\n-nan\n' | sort -g
