for ((i=0, j=10; i<j; i+=3, j-=3)); do echo "$i $j"; done
for ((;;)); do ((k++)); ((k>=3)) && break; done; echo "k=$k"
for (( n=1; n<=32; n*=2 )); do printf '%d,' $n; done; echo
