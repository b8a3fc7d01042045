# set -x shows an element assignment's subscript as written, not expanded; a declaration
# builtin's array literal is traced as its own line, keys and values single-quoted.
exec 2>&1
set -x
declare -A m; k=json; i=2
m[$k]=1; m[${k}x]+=2; m["$k y"]=3; m[lit]=4
a[$i]=5; a[i+1]=6; a[$((i*2))]+=7
declare -A n=([$k]=1 [b]="2 3")
declare -a arr+=(a "b c" "it's" "" $k)
f() { local -a z=(1 $k); local q=([3]=x); declare -g G=([a]=1); }; f
declare -i ii=(1+1 3); declare e=()
set +x
declare -p m a n arr G ii
