set -e
count=0
((count++)) || true
echo "count=$count"
((count++))
echo "count=$count"
n=0
((n++))
echo "never"
