echo 'print "a\tb\n", 1.5, "\n"' | bc
echo 'print "x=", 10/4, "\n"' | bc
echo 'print "a\qb\zc\\d\n"' | bc
echo '"raw\n"' | bc
printf '"two\nlines"\n' | bc
echo 'scale=3; print 1/3, " ", 2/3, "\n"' | bc
