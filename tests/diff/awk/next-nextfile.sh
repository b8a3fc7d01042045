printf '1\n2\n3\n' > a; printf '4\n5\n' > b
awk '$1 == 2 { next } { print }' a b
awk 'FNR == 2 { nextfile } { print FILENAME, $0 }' a b
