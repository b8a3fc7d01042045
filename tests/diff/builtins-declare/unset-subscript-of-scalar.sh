# `unset 'v[N]'` on a scalar: element 0 unsets it, another subscript is "not an array variable".
declare undef
unset -v 'undef[1]'; echo undef $?
unset -v 'undef["key"]'; echo undef $?
s=str; unset -v 's[0]'; echo "s0 $? [${s-unset}]"
s=str; unset -v 's[1]'; echo "s1 $? [${s-unset}]"
unset -v 'nosuch[1]'; echo nosuch $?
declare a=(one two)
unset -v 'a[1]'; echo array $?
unset -v 'a["key"]'; echo array $?
declare -A A=(['key']=val)
unset -v 'A[1]'; echo assoc $?
unset -v 'A["key"]'; echo assoc $?
declare -i n=5; unset -v 'n[0]'; echo "int $? [${n-unset}]"
export X=1; unset -v 'X[2]'; echo "x $?"
