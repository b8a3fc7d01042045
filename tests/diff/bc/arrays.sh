bc <<'EOF'
for (i = 0; i < 10; i++) v[i] = i * i
v[3]; v[9]; v[100]
define sum(a[], n) { auto i, s; for (i = 0; i < n; i++) s += a[i]; return s }
sum(v[], 10)
define zero(a[]) { a[0] = 99; return a[0] }
zero(v[]); v[0]
EOF
