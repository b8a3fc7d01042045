printf '1\n2\n' > a; printf '3\n' > b
awk 'BEGINFILE { print "start", FILENAME } ENDFILE { print "end", FILENAME, FNR } { print }' a b
