printf '1\nx\ny\n7\n' | awk '{ switch ($1) { case 1: print "one"; break; case /x/: print "ex"; case "y": print "why"; break; default: print "other" } }'
awk 'BEGIN { for (i = 0; i < 4; i++) { switch (i) { case 0: continue; case -1: print "neg"; break; case 2: print "two"; break
default: print "d", i } } }'
