awk 'BEGIN { a[1, 2] = 3; a[2, 1] = 4; for (k in a) { split(k, p, SUBSEP); print p[1], p[2], a[k] } }' | sort
awk 'BEGIN { a["x", "y"] = 1; if (("x", "y") in a) print "yes"; if (!(("y", "x") in a)) print "no" }'
awk 'BEGIN { SUBSEP = ":"; a[1, 2] = 5; for (k in a) print k }'
