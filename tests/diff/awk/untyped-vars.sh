# an untyped variable becomes a scalar or an array by its first use, also through parameters
awk 'function f(a) { a["k"] = 1 } BEGIN { f(x); print length(x) }'
awk 'function f(p) { return 1 } BEGIN { f(x); x[1] = 1; print length(x) }'
awk 'function f(p) { return p } BEGIN { f(a[1]); a[1][2] = 1 }'; echo "st=$?"
awk 'function f(p) { return 1 } BEGIN { f(a[1]); a[1][2] = 1; print length(a[1]) }'
awk 'BEGIN { x = y; print typeof(x), typeof(y), typeof(z); a[1] = y; print typeof(a[1]), typeof(a[2]) }'
awk 'BEGIN { print length(a[1]), length(a); a[1][2] = 3; print length(a[1]) }'
awk 'BEGIN { print isarray(a[1]), length(a); a[1][2] = 3; print "ok" }'
