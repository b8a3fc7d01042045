shuf -i 1-50 | sort -n | tr "\n" " "; echo
shuf -e a b c d | sort | tr "\n" " "; echo
seq 20 | shuf -n 5 | wc -l
shuf -n 0 -e a; echo "st=$?"
shuf -r -n 4 -e x | tr "\n" " "; echo
shuf -i 3-3
shuf -i 1-1000000000 -n 3 | wc -l
printf "a\0b\0" | shuf -z | sort -z | tr "\0" " "; echo
shuf -i 1-10 -o out; sort -n out | tr "\n" " "; echo
