for i in 1 2 3; do echo "i=$i"; done
for ((j=0; j<3; j++)); do printf '%d ' $j; done; echo
n=0; while (( n < 5 )); do ((n++)); [[ $n == 2 ]] && continue; [[ $n == 4 ]] && break; echo "n=$n"; done
until [[ $n -le 0 ]]; do n=$((n-1)); done; echo "n=$n"
