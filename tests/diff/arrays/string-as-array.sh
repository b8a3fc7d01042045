s=hello
echo "${s[0]}" "${#s[@]}"
s[1]=world
echo "${s[@]}"
declare -p s
unset s; s=(); s=plain; declare -p s
