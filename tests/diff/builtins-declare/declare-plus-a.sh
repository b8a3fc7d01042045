# declare +a keeps a (..) value as text and cannot turn an array back into a string.
declare +a 'xyz1=1'
declare +a 'xyz2=(2 3)'
declare -a 'xyz3=4'
declare -a 'xyz4=(5 6)'
echo "${xyz1}" "${xyz2}" "${xyz3[@]}" "${xyz4[@]}"
a=(1 2)
declare +a 'a=(7 8)'; echo "status=$?"
declare -p a xyz2
