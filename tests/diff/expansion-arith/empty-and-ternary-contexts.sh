# for ((;;)) with blank parts, a ternary inside ${s:off:len}, empty subscripts.
for (( ; ; )); do echo one; break; done
for (( i=0 ; ; i++ )); do [ $i = 2 ] && break; done; echo "i=$i"
s=abcd
echo ${s: 0 < 1 ? 2 : 0 : 1} ${s:(1>0)?1:0}
a=(1 2 3)
a[]=42
echo "status=$? ${a[@]}"
