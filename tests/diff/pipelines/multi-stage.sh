printf '%s\n' banana apple cherry apple banana apple > fruits.txt
sort fruits.txt | tr a-z A-Z | head -3
cat fruits.txt | sort | wc -l
seq 1 100 | tail -5 | tr '\n' ' '; echo
