# An element nameref cannot be subscripted, nor given a list.
array=(X Y Z)
declare -n ref='array[0]'
ref[0]=foo
echo "status=$?"
declare -n all='array[@]'
all=(1 2)
echo "status=$?"
echo "${array[@]}"
declare -n fresh
fresh=(p q)
declare -p fresh
