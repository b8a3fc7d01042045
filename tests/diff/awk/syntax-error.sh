awk 'BEGIN { print 1 +* 2 }'; echo "st=$?"
awk 'BEGIN {'; echo "st=$?"
awk '{ print $1'; echo "st=$?"
awk 'BEGIN { if (1) print "a" ; else }'; echo "st=$?"
