printf 'line one\nline two\n\nline four\n' > data.txt
mapfile -t lines < data.txt
echo "${#lines[@]}"
for i in "${!lines[@]}"; do echo "$i: [${lines[$i]}]"; done
readarray -t -n 2 first < data.txt; echo "${first[@]}"
mapfile -t nums < <(seq 5 7); echo "${nums[*]}"
