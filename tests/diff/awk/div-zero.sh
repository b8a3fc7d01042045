awk 'BEGIN { x = 0; print 1 / x }'; echo "st=$?"
echo 5 | awk '{ print $1 % 0 }'; echo "st=$?"
awk 'BEGIN { print "before"; y = 0; z = 3 / y; print "after" }'; echo "st=$?"
