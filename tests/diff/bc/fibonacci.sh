bc <<'EOF'
define fib(n) {
  auto a, b, t, i
  a = 0; b = 1
  for (i = 0; i < n; i++) { t = a + b; a = b; b = t }
  return a
}
fib(10); fib(90); fib(300)
EOF
