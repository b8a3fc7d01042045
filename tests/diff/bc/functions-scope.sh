bc <<'EOF'
x = 10
define g() { return x }
define f() { auto x; x = 5; return g() }
f(); x
define h(n) { n = n * 2; return n }
n = 3; h(4); n
define v() { print "in v\n" }
v()
EOF
