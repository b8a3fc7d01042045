seq 3
seq 2 5 | tr '\n' ' '; echo
seq 10 -3 1 | tr '\n' ' '; echo
seq -s, 1 5
seq -w 8 11 | tr '\n' ' '; echo
seq 0.5 0.5 2 | tr '\n' ' '; echo
seq -f 'item%02g' 3
