arr=("one two" "three")
for x in ${arr[@]}; do echo "u:$x"; done
for x in "${arr[@]}"; do echo "q:$x"; done
for x in "${arr[*]}"; do echo "s:$x"; done
n=(${arr[@]}); echo "${#n[@]}"
