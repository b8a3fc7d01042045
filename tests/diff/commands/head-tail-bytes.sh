printf 'abcdefghij' > f
head -c 3 f; echo
tail -c 4 f; echo
head -c -2 f; echo
tail -c +8 f; echo
seq 5 | tail -n 0 | wc -l
