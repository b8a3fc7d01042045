orig=(a "b c" d)
copy=("${orig[@]}")
copy[1]=changed
echo "${orig[1]} / ${copy[1]}"
filtered=(); for x in "${orig[@]}"; do [[ $x != d ]] && filtered+=("$x"); done
declare -p filtered
echo "${orig[@]/#/pre-}"
