bc <<'EOF'
x = 5
if (x > 3) print "big\n" else print "small\n"
if (x < 3) { print "small\n" } else { print "big\n" }
if (x == 5) x
if (!(x != 5)) "equal\n"
EOF
