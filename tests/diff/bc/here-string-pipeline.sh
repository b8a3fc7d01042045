a=12.5
b=$(echo "$a * 1.5" | bc)
echo "result $b"
c=$(bc <<< "scale=3; $b / 7")
echo "c=$c"
printf '%s\n' "scale=3" "22/7" | bc
total=0; for n in 1.1 2.2 3.3; do total=$(echo "$total + $n" | bc); done; echo $total
