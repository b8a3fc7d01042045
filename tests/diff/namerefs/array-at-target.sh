n() { echo "$#:$*"; }
typeset -n ref='a[@]'
a=('A B' C)
n "$ref"
n $ref
typeset -n sref='a[*]'
n "$sref"
IFS=-; n "$sref"; unset IFS
n "${ref:-x}" "${ref/A/Z}"
ref=(X Y Z)
echo status=$?
n "${ref[@]}"
n "$ref"
n "${a[@]}"
