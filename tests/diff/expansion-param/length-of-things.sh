a=(x yy zzz)
s="hello"
echo "${#a} ${#a[@]} ${#a[*]} ${#s} ${#a[2]}"
set -- 1 2 3; echo "${#@} ${#*}"
empty=; echo "${#empty}"
