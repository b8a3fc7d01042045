awk 'BEGIN { print (1 ? "y" : "n"), (0 ? "y" : "n"), ("" ? "y" : "n"), ("0" ? "y" : "n") }'
awk 'BEGIN { print 1 && 0, 1 || 0, !1, !"", !"a", 2 > 1 && 3 > 2 }'
echo "0" | awk '{ print ($1 ? "true" : "false") }'
echo "0.0" | awk '$1 { print "t" } !$1 { print "f" }'
