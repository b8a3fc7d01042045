# Element assignments through the one-lookup path and the general one: a subscript with side
# effects is evaluated once, negative subscripts count from the end, attributes still apply.
a=(x y z); i=0
a[i++]=A; echo "${a[*]} i=$i"
a[a[2]=9]=B; echo "${a[*]}"
a[-1]=last; echo "${a[*]}"
a[-9]=bad; echo "status $? ${a[*]}"
declare -i n=(1 2); n[1]=3+4; echo "${n[*]}"
declare -l low=(A); low[1]=MiXeD; echo "${low[*]}"
declare -r ro=(1); ro[1]=2; echo "status $? ${ro[*]}"
s=str; s[2]=two; declare -p s
b=(); b[ 3 ]=sp; b[2*2]=arith; declare -p b
k=1; c=(); c[k]=one; c[$k+1]=two; c["k+2"]=three; declare -p c
f() { local -a l=(p q); l[5]=r; declare -p l; }; f
set -a; e=(); e[0]=exp; f=(1); f+=(2); g=(1); g=x; s2=1; s2[1]=2; declare -A h; h[k]=v; set +a; declare -p e f g s2 h
