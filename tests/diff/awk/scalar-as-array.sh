# gawk's fatal errors for a scalar used as an array and the reverse
awk 'BEGIN { x = 1; x[1] = 2 }'; echo "st=$?"
awk 'BEGIN { x[1] = 1; print x }'; echo "st=$?"
awk 'BEGIN { x = 1; print length(x); print (1 in x) }'; echo "st=$?"
awk 'BEGIN { x = 1; split("a b", x) }'; echo "st=$?"
awk 'BEGIN { x = 1; delete x }'; echo "st=$?"
awk 'BEGIN { x = 1; for (k in x) print k }'; echo "st=$?"
awk 'BEGIN { x = 1; match("a", /a/, x) }'; echo "st=$?"
awk 'BEGIN { x = 1; asort(x) }'; echo "st=$?"
awk 'BEGIN { x[1]; y = 1; asort(x, y) }'; echo "st=$?"
awk 'BEGIN { x = y; x[1] = 1 }'; echo "st=$?"
awk 'BEGIN { print length(x); x[1] = 1 }'; echo "st=$?"
awk 'BEGIN { ENVIRON = 1 }'; echo "st=$?"
awk 'BEGIN { NR[1] = 1 }'; echo "st=$?"
awk 'BEGIN {
  n = 1
  if (n)
    n[1] = 2
}'; echo "st=$?"
printf 'a\n' | awk '{ s = $1; s[1] = 1 }'; echo "st=$?"
awk 'END { a = 1; a[1] = 2 }' </dev/null; echo "st=$?"
