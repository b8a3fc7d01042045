# a=([k]=-{a,b}-): bash brace-expands the whole element into plain values; not for assoc.
a=([k2]=-{a,b}-)
echo "${a["k2"]}"
declare -p a
declare -A A; A=([k]={x,y}); declare -p A
declare -A B=([k]={x,y}); declare -p B
b=([1]=x [2]={p,q}); declare -p b
# An array without element 0 refers to nothing through ${!name}.
declare -A C=([x]=y); echo "[${!C}] [${!C@a}]"
