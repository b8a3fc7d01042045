seq 3 | timeout 2 cat
timeout 2 seq 5 | tail -1
printf "a\nb\n" | timeout 1 sort -r
