declare -i count=0
for w in a b c; do count+=1; done; echo $count
declare -i r; r=10/3; echo $r
r="2**10"; echo $r
let "q = 17 / 5" "m = 17 % 5"; echo "$q r$m"
n=5; let n*=2; echo $n
