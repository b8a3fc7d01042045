printf 'a\nSTART\nb\nc\nEND\nd\nSTART\ne\n' | awk '/START/,/END/'
printf '1\n2\n3\n4\n5\n6\n' | awk 'NR==2,NR==4 { print "in", $0 }'
printf 'x\ny\nx\n' | awk '/x/,/x/ { print NR": "$0 }'
