set -e
echo start
false || echo "handled"
if false; then :; fi
echo before
false
echo never
