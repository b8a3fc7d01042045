awk -q 'BEGIN { print 1 }' 2>/dev/null; echo "st=$?"
awk 2>/dev/null; echo "st=$?"
awk --version | head -1
