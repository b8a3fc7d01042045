# declare -n checks its target: a name or an array element, not itself.
ref='#'
declare -n ref
echo "status=$? ref=$ref"
declare -p ref
declare -n r2='@'
echo "status=$?"
declare -n r3=r3
echo "status=$?"
declare -n r4='a b'
echo "status=$?"
arr=(1 2)
declare -n arr
echo "status=$?"
declare -n ok='m[x]'
echo "status=$?"
