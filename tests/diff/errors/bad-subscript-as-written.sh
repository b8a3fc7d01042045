# A refused subscript is named as written in a simple assignment, and expanded and re-quoted
# in a compound one.
i=-5; a[$i]=1; echo "st=$?"
a[2*3-10]=1
declare -A A; e=; A["$e"]=2; A[$e]=1
A["${e}"'']=1
x=-3; a[x]=1
a[ $((-1)) ]=3
declare -A B=([$e]="it's" [k]=v ['']=3); declare -p B
