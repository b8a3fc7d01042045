touch x1 x2 y1
pat="x* y*"
echo $pat
echo "$pat"
set -f; echo $pat; set +f
arr=($pat); echo ${#arr[@]}
