awk 'BEGIN { a[1] = "pear"; a[2] = "apple"; a[3] = "fig"; n = asort(a); for (i = 1; i <= n; i++) print i, a[i] }'
awk 'BEGIN { a["z"] = 1; a["b"] = 2; a["m"] = 3; n = asorti(a, b); for (i = 1; i <= n; i++) print b[i], a[b[i]] }'
awk 'BEGIN { a[1] = 10; a[2] = 9; a[3] = 100; n = asort(a, s); print s[1], s[2], s[3], a[1] }'
