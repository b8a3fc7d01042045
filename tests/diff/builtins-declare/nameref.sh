declare -A config=([db]=postgres)
get_conf() { local -n c=$1; echo "${c[$2]}"; }
get_conf config db
set_it() { declare -n t=$1; t="set via ref"; }
set_it myvar; echo "$myvar"
declare -n r=arr_target; r=(1 2 3); echo "${arr_target[1]}"
