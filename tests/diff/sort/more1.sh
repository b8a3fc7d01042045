printf 'a,3,x\nb,1,y\nc,2,x\nd,10,y\ne,2,z\n' > csv
sort -t, -k2 csv
sort -t, -k2,2n csv
sort -t, -k3,3 -k2,2nr csv
sort -t, -k3 -u csv
sort -t, -k3,3 -u csv
sort -t, -k2n -r csv
sort -t, -k2,2 -n -s csv
sort -nk2 -t, csv
sort -t, -k 3,3r -k 1,1 csv
sort -t , -k2,2g csv
printf '1.5\n1.10\n1.2\n' | sort -n
printf '1.5\n1.10\n1.2\n' | sort -V
printf '1,5\n1,10\n' | sort -n
printf '+5\n-5\n5\n' | sort -n
printf ' 10\n9\n 8\n' | sort -n
printf '0.5\n.5\n-0\n0\n' | sort -n
printf 'a\nB\nc\nD\n' | sort -f -r
printf 'a1\na10\na2\n' | sort -V
printf 'x-1.0.2\nx-1.0.10\nx-1.0.2a\n' | sort -V
printf '2K\n1M\n1.5K\n100\n-1K\n' | sort -h
printf '2K\n1M\n1.5K\n' | sort -hr
printf 'b\na\n' | sort -m - <(printf 'c\n')
printf 'c\na\nb\n' > u; sort -c u; echo $?
sort -C u; echo $?
printf 'a\na\n' | sort -cu; echo $?
printf '3\n1\n' | sort -o u -n u; cat u
printf 'b a\na b\n' | sort -k2,2 -k1,1
printf 'x\n\ny\n\n' | sort
printf 'a\tb c\n' | sort -k2
printf 'z\0a\0' | sort -z | od -c
