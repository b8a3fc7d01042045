awk 'BEGIN { a["x"] = 1; print ("x" in a), ("y" in a); for (k in a) print k }'
awk 'BEGIN { a[01] = "one"; print (1 in a), ("01" in a), ("1" in a) }'
