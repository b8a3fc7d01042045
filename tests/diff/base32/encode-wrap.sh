printf 'abcdefghijk' | base32 -w 7
seq 1 100 | base32 | head -2
seq 1 30 | base32 -w 0; echo
