# A subscript inside a variable's value is expanded when the value is evaluated; unset
# expands its subscript too.
a=(0 1 2); b=(3 4 5)
x='a[$(echo 2)]'; echo $((x))
y=1; x='a[$y]'; echo $((x + 10))
e='a[$(echo 2)]'; b[e]=zzz; echo "${b[e]} ${b[*]}"
unset -v 'a[$(echo 1)]'; echo "${a[*]}"
i=2; unset -v 'a[$i]'; echo "${a[*]}"
declare -A m=([k]=v [j]=w); k=j; unset 'm[$k]'; declare -p m
x='a[$x]'; echo $((x)); echo "after $?"
