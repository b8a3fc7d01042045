awk 'BEGIN { printf "%s and %s\n", "one" }'; echo "st=$?"
awk 'BEGIN { printf "%d%%\n", 50 }'
awk 'BEGIN { printf "no newline" }'; echo
awk 'BEGIN { printf("%s-%s\n", "a", "b") }'
