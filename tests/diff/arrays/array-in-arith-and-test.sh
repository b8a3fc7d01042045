a=(5 10 15)
(( a[1] > 5 )) && echo gt
[[ ${a[2]} -eq 15 ]] && echo eq
sum=0; for ((i=0; i<${#a[@]}; i++)); do (( sum += a[i] )); done; echo $sum
echo $(( ${#a[@]} * 2 ))
