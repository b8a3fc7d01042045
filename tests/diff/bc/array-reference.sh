bc <<'EOF2'
define f(*a[]) { a[0] = 7; a[5] = 2 }
b[0] = 1; f(b[]); b[0]; b[5]
define g(*a[], n) { auto i; for (i = 0; i < n; i++) a[i] = i * i }
x = g(c[], 4); c[3]
define h(*b[]) { b[1] = 9 }
h(b[]); b[1]; b[0]
define v(a[]) { a[0] = 100 }
v(b[]); b[0]
EOF2
