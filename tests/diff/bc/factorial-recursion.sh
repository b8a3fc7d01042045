cat > fact.bc <<'EOF'
define f(n) {
  if (n < 2) return (1)
  return (n * f(n - 1))
}
f(100)
f(20)
EOF
bc fact.bc </dev/null
