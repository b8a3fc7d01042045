bc <<'EOF'
for (i = 1; i <= 5; i++) i * 2
i = 0
while (i < 3) { i; i += 1 }
for (i = 0; ; i++) { if (i == 4) break; if (i % 2) continue; i }
EOF
