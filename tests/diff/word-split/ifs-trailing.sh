IFS=, read -r -a a <<< "a,b,"; echo "${#a[@]}"
IFS=, read -r -a b <<< "a,b,,"; echo "${#b[@]}"
IFS=, read -r x y <<< "1,2,3,"; echo "[$x][$y]"
IFS=' ' read -r p q <<< "  lead trail  "; echo "[$p][$q]"
v="a,b,"; IFS=,; set -- $v; echo $#; unset IFS
