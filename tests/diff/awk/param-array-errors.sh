# misused parameters: gawk names an array parameter after the caller's array
awk 'function f(p) { p[1] = 1 } BEGIN { x = 1; f(x) }'; echo "st=$?"
awk 'function f(p) { p = 1 } BEGIN { x[1] = 1; f(x) }'; echo "st=$?"
awk 'function f(p) { return p + 1 } BEGIN { x[1]; print f(x) }'; echo "st=$?"
awk 'function g(q) { return q "" } function f(p) { return g(p) } BEGIN { x[1]; f(x) }'; echo "st=$?"
awk 'function f(p) { p = 1; p[1] = 2 } BEGIN { f() }'; echo "st=$?"
awk 'function f(p) { p[1] = 2; p = 1 } BEGIN { f() }'; echo "st=$?"
awk 'function f(p,  l) { l[1] = 1; return l } BEGIN { f(1) }'; echo "st=$?"
awk 'function f(p) { split("a b", p) } BEGIN { f(1) }'; echo "st=$?"
awk 'function f(p) { print p; p[1] = 1 } BEGIN { f(x) }'; echo "st=$?"
awk 'function f(p) { p = 5 } BEGIN { f(x); print "[" x "]"; x[1] = 1 }'; echo "st=$?"
awk 'function f(p) { if (0) p[1] = 1; return 1 } BEGIN { f(x); x = 1; print "ok" }'; echo "st=$?"
awk 'function f(p) { g(p); print length(p) } function g(q) { q["k"] = 1 } BEGIN { f(x); print length(x) }'
awk 'function f(p) { return p + 1 } BEGIN { a[1][2] = 1; print f(a[1]) }'; echo "st=$?"
