# Slices of sparse arrays count by index; -v evaluates subscripts.
(( a[33]=1 )); (( a[66]=2 )); (( a[99]=3 ))
printf '<%s>' "${a[@]:15:2}"; echo
printf '<%s>' "${a[@]:34}"; echo
printf '<%s>' "${a[@]: -2:2}"; echo
printf '<%s>' "${a[*]:60:5}"; echo
arr=(1 2 3 '')
test -v 'arr[1+1]'; echo "t=$?"
test -v 'arr[4+1]'; echo "t=$?"
zero=0
[[ -v arr[zero+3] ]]; echo "v=$?"
[[ -v arr[-1] ]]; echo "neg=$?"
[[ -v arr[-5] ]]; echo "neg5=$?"
b=(1)
unset -v 'b[-2]'; echo "unset=$?"
x=5; [[ -v x[0] ]]; echo "scalar=$?"
