printf '1 2 3\n4 5 6\n7 8 9\n' | awk '{ s += $2 } END { print s, NR }'
printf '10\n20\n30\n' | awk '{ t += $1 } END { print "avg", t/NR }'
printf 'a 1.5\nb 2.25\n' | awk '{ s += $2 } END { printf "%.2f\n", s }'
