printf '10 9\n2 10\nabc 10\n10 10.0\n' | awk '{ print ($1 < $2), ($1 == $2) }'
awk 'BEGIN { print ("10" < "9"), (10 < 9), ("a" < "b"), ("abc" < "abd") }'
printf '0x1A\n 12 \n1e2\n.5\n' | awk '{ print ($1 == $1 + 0) ? "num" : "str" }'
echo "3 3.0" | awk '{ if ($1 == $2) print "numeq"; else print "strne" }'
