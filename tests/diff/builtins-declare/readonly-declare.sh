declare -r Y=1
declare Y=2
echo "end rc=$?"
readonly -p | while read -r l; do [[ $l == *Y=* ]] && echo "$l"; done
