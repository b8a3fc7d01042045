printf "a b\n\"c d\" e\\\\ f\n" | xargs echo; echo "st=$?"
seq 10 | xargs -n 3 echo
seq 5 | xargs -L 2 echo
