a=(1 "two words" '$three')
declare -p a
b=(); declare -p b
c[2]=x; declare -p c
