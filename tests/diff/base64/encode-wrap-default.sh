seq 1 100 | base64
seq 1 100 | base64 | head -1 | wc -c
