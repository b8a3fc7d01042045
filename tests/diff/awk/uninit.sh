awk 'BEGIN { print x + 0, "[" x "]", length(x); if (x == 0) print "eq0"; if (x == "") print "eqempty" }'
awk 'BEGIN { if (!(1 in a)) print "absent"; a[1]; if (1 in a) print "present"; print "[" a[2] "]", length(a) }'
echo | awk '{ print NF, "[" $3 "]" }'
awk 'BEGIN { print RSTART, RLENGTH, NF, NR, "[" FILENAME "]" }'
