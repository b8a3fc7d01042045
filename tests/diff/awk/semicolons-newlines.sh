awk 'BEGIN {
  x = 1
  if (x)
    print "yes"
  else
    print "no"
  for (i = 0;
       i < 2;
       i++)
    print i
  y = x &&
      1
  print y ; ; print "end"
}'
