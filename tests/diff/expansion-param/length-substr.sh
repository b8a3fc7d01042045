s=abcdefghij
echo ${#s} ${s:3} ${s:3:2} ${s: -4} ${s: -4:2} ${s:(-2)}
echo "${s:0:0}|${s:20}|${s:2:-2}"
arr=(a bb ccc); echo ${#arr[1]} ${#arr[@]}
unset n; echo "${#n}"
