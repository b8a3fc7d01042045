# An associative array has no empty key: literals skip it, element assignment and read report it.
declare -A A=([""]=6 [a]=1); echo "st=$?"; declare -p A
A=([a]=1 [$e]=2 [b]=3); echo "st=$?"; declare -p A
x=${A[$e]}; echo "st=$? [$x]"
k=; unset 'A[$k]'; echo "st=$?"
A+=([""]=x); echo "st=$?"; declare -p A
[[ -v A[$e] ]]; echo "v=$?"
A[$e]=5; echo "not reached"
echo "next line"
