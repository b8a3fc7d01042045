seq 1 50 | base64 -w 0; echo
seq 1 50 | base64 -w0 | wc -c
