awk 'BEGIN { i = 5; print i++, i, ++i, i--, --i }'
awk 'BEGIN { a["k"]++; a["k"] += 2; print a["k"]; x = y = 3; print x, y; z += 0; print z }'
echo "1 2 3" | awk '{ $2++; print; $3 *= 2; print }'
