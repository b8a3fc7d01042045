n=1
( n=2; m=3 ); echo "n=$n m=[${m-}]"
f() { n=10; }; x=$(f; echo $n); echo "x=$x n=$n"
arr=(1 2); ( arr+=(3); echo ${#arr[@]} ); echo ${#arr[@]}
