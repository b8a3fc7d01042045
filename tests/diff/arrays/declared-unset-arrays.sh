# Arrays declared without a value print without =() until something is assigned.
declare -a d; declare -p d
d[1]=x; declare -p d
unset 'd[1]'; declare -p d
f() { local -a arr; declare -p arr; arr+=(q); declare -p arr; }; f
declare -a g=(); declare -p g
declare -a e; e=x; declare -p e
declare -a q; set | grep '^q'
declare -a z; (( z[2]=5 )); declare -p z
declare -a w; mapfile -t w <<< "l1"; declare -p w
declare -a v; printf -v 'v[3]' %s hi; declare -p v
declare -A A; declare -p A; A[k]=v; declare -p A
