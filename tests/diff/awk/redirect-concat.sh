printf 'a 1\nb 2\na 3\n' | awk '{ print $2 > $1 ".txt" }'
cat a.txt b.txt
printf 'x\n' | awk '{ print "v" > "o" "ut"; close("out"); getline l < "out"; print "read", l }'
awk 'BEGIN { print 011, 018, 0x10, 1e3 }'
