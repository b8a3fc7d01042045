awk 'BEGIN { printf "%s\n", "to file" > "pf.txt"; printf("%d\n", 7) >> "pf.txt" }'
cat pf.txt
awk 'BEGIN { print "err" > "/dev/stderr"; print "out" > "/dev/stdout" }' 2>/dev/null
