s2=world
declare -A s2+=([a]=x [b]=y)
declare -p s2
s3=hi
declare -A s3=([a]=x)
declare -p s3
s4=yo
declare -a s4+=(z)
declare -p s4
s5=q
s5+=(r)
declare -p s5
declare a[a[0]=1]=X
declare -p a
declare b[1+1]=Y
declare -p b
declare c[$((1))]=Z c[ 2 ]=W
declare -p c
s=hi; declare -A s; declare -p s
t=ho; declare -A t=(); declare -p t
u=x; declare -A u+=(); declare -p u
