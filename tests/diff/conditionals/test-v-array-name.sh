# test -v NAME of an array looks at element 0.
typeset -a a
test -v a; echo "a=$?"
a[1]=x
test -v a; echo "a=$?"
a[0]=y
[[ -v a ]]; echo "a=$?"
declare -A A=([x]=1)
test -v A; echo "A=$?"
A[0]=z
test -v A; echo "A=$?"
