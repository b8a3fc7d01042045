printf '10\n9\n' > nums
awk 'BEGIN { getline a < "nums"; getline b < "nums"; print (a > b) }'
awk 'BEGIN { "echo 10" | getline x; print (x > 9) }'
