# [k]+=v in name=(...) appends to the old value (bash 5.2); pairs form; mixed forms.
declare -A a=([hello]=X)
a=([hello]=1 [hello]+=2)
declare -p a
a+=([hello]+=:34 [hello]+=:56)
declare -p a
declare -A c=(1 2 [x]=3 4)
declare -p c
declare -A b
b=([j]=1 2 3)
echo "status=$?"
declare -p b
declare -a n=(1 2)
eval 'declare -A n=([x]=1)'
echo "status=$?"
declare -p n
declare -A m=([x]=1)
declare -a m
echo "status=$?"
declare -A dict=()
key='1],a[1'
dict["$key"]=foo
unset -v 'dict["$key"]'
echo "${#dict[@]}"
declare -A A=([x]=1 [y]=2)
k=x; unset "A[\$k]"; r='A[$k]'; k=y
echo "${!r}"
