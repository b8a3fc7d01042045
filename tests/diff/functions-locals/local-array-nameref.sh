sum_array() { local -n arr_ref=$1; local total=0 v; for v in "${arr_ref[@]}"; do ((total += v)); done; echo $total; }
nums=(1 2 3 4); sum_array nums
fill() { local -n out=$1; out=(); local i; for ((i=0;i<$2;i++)); do out+=("item$i"); done; }
fill mylist 3; echo "${mylist[*]}"
