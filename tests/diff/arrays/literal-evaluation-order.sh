# Values are expanded first; indexed subscripts are evaluated as each element is stored.
i=1
a=([100+i++]=$((i++)) [200+i++]=$((i++)) [300+i++]=$((i++)))
declare -p a
b=([0]=1+2+3 [b[0]]=10 [b[6]]=hello)
declare -p b
c=(old1 old2 old3)
old1=101 old2=102 old3=103
new1=201 new2=202
c+=([0]=new1 [1]=new2 [5]="${c[2]}" [c[0]]="${c[0]}" [c[1]]="${c[1]}")
declare -p c
d=(5 6); d=([0]=1 [0]+=2); declare -p d
a[0]=(3 4)
echo "status=$?"
