file -Q x 2>&1 | head -1; echo "[$?]"
