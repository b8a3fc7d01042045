printf '1 alice\n2 bob\n3 carol\n' > names
printf '1 90\n3 75\n4 60\n' > scores
awk 'NR == FNR { n[$1] = $2; next } $1 in n { print n[$1], $2 }' names scores
awk 'FNR == 1 { print "file:", FILENAME } { print FNR, NR }' names scores
