f() { typeset x=inner; echo $x; }
x=outer; f; echo $x
declare -a list; list+=(a); list+=(b c); echo "${list[@]} ${#list[@]}"
declare -i sum=0; for n in 1 2 3; do sum+=n; done; echo $sum
