nums=(42 7 19 3 88 7)
sorted=($(printf '%s\n' "${nums[@]}" | sort -n))
echo "${sorted[*]}"
uniq=($(printf '%s\n' "${nums[@]}" | sort -nu)); echo "${uniq[*]}"
max=${nums[0]}; for n in "${nums[@]}"; do ((n > max)) && max=$n; done; echo "max=$max"
