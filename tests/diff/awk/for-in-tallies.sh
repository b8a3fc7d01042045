# tallies printed in loop order, as agents' scripts do (no sort)
printf 'GET /a 200\nPOST /b 500\nGET /c 404\nGET /a 200\nPUT /d 201\nDELETE /e 204\n' > log.txt
awk '{ m[$1]++; s[$3]++ } END { for (k in m) print k, m[k]; for (k in s) print k, s[k] }' log.txt
awk '{ bytes[$2] += length($0) } END { for (p in bytes) printf "%-4s %d\n", p, bytes[p] }' log.txt
printf '3\n1\n2\n10\n-4\n0.5\n01\nx\n3\n' | awk '{ c[$1]++ } END { for (k in c) print k, c[k], typeof(k), (k < 5) }'
seq 1 200 | awk '{ a[$1 % 37] += $1 } END { for (k in a) printf "%s:%s ", k, a[k]; print "" }'
seq 1 300 | awk '{ w["w" $1 % 50]++ } END { for (k in w) printf "%s ", k; print "" }'
