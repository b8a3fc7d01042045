# ${#a[i]}: an unset array gives 0 without evaluating the subscript; under set -u a
# missing element of a set array counts 0, an unset array (or a scalar's missing element) is an
# error that abandons the command line (status 1; a subshell ends).
echo ${#nosuch[1 +]} "$?"
e=(); declare -a d; echo ${#d[1 +]} ${#e[5]}
a=(abc é); echo ${#a[0]} ${#a[1]} ${#a[7]}
x=abc; echo ${#x[0]} ${#x[3]}
set -u
echo ${#a[3]} ${#a[0]} ${#e[0]}
declare -A h=([k]=vv); echo ${#h[k]} ${#h[z]}
f() { echo ${#FUNCNAME[0]} ${#FUNCNAME[5]}; }; f
( echo ${#x[1]}; echo "not reached" ); echo "scalar: $?"
( echo ${#nosuch[0]}; echo "not reached" ); echo "unset: $?"
( echo ${#d[0]}; echo "not reached" ); echo "declared: $?"
echo ${#nosuch[0]}
echo "not reached either"
