# A nameref to an array element reads and writes that element.
a=(zero one two three)
declare -n r='a[2]'
echo "r=$r sub=${r:1}"
r=TWO
r+=x
echo "${a[@]}"
declare -n e='a[$(echo 1) + 2]'
echo "e=$e"
declare -n all='a[@]'
echo "all=$all"
