printf 'a 1\nb 2\na 3\n' | awk '{ print $2 > ($1 ".txt") }'
cat a.txt; cat b.txt
printf 'x\n' | awk '{ print "first" > "o.txt"; print "second" > "o.txt" }'
cat o.txt
awk 'BEGIN { print "one" >> "app.txt"; close("app.txt"); print "two" >> "app.txt" }'
cat app.txt
