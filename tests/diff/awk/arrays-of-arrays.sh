printf 'a x\na y\nb x\na x\n' | awk '{ c[$1][$2]++ } END { for (k in c) for (j in c[k]) print k, j, c[k][j] }' | sort
awk 'BEGIN { a[1][2] = 3; print a[1][2], length(a[1]), (2 in a[1]), (3 in a[1]), (1 in a), (5 in a), length(a) }'
awk 'BEGIN { a["x"]["p"] = 1; a["x"]["q"] = 2; a["y"]["p"] = 3; delete a["x"]; for (k in a) for (j in a[k]) print k, j }'
awk 'BEGIN { a[1][1] = 1; a[1][2] = 2; a[2][1] = 3; for (i in a) for (j in a[i]) n += a[i][j]; print n, length(a) }'
