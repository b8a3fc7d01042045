seq 1 0 | wc -l
seq 5 1 | wc -l
seq -s ' ' 3
seq 1 2 8
seq -1 1
seq 3 -1 1 | tr '\n' ' '; echo
seq abc 2>/dev/null
echo "rc=$?"
