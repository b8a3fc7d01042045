bc <<'EOF'
/* a comment */ 1 + 1
2 * 3 # trailing
/* multi
   line */ 4
EOF
