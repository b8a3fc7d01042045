seq 1 20000 | wc -l
seq 1 5000 | tail -1
seq 1 3000 | tr -d '\n' | wc -c
