awk 'BEGIN { exit 3 }'; echo "st=$?"
printf 'a\nb\n' | awk '{ print; exit 5 } END { print "end runs" }'; echo "st=$?"
printf 'a\n' | awk '{ exit } END { print "end", NR; exit 4 }'; echo "st=$?"
awk 'BEGIN { exit 1 } END { print "not reached?" }'; echo "st=$?"
