awk 'function f(a) { a[1] = 1 } BEGIN { x = 1; f(x) }'; echo "st=$?"
awk 'BEGIN { a[1] = 1; a = 2 }'; echo "st=$?"
awk 'BEGIN { x = 1; x[1] = 2 }'; echo "st=$?"
awk 'BEGIN { f(1) }'; echo "st=$?"
