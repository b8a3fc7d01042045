declare -a d; declare -p d
declare -A e; declare -p e
declare -i n; declare -p n
