printf 'x,a,1\ny,b,2\nz,a,3\nw,c,4\nv,b,5\n' > data.csv
awk -F, '{ s[$2] += $3 } END { for (k in s) print k, s[k] }' data.csv | sort
awk -F, '{ c[$2]++ } END { for (k in c) print k ": " c[k] }' data.csv | sort
