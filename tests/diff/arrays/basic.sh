arr=(one two "three four")
echo "${#arr[@]}" "${arr[1]}" "${arr[-1]}"
arr+=(five)
for x in "${arr[@]}"; do echo "<$x>"; done
echo "${!arr[@]}"
unset 'arr[1]'; echo "${arr[@]}" "${#arr[@]}"
echo "${arr[@]:1:2}"
