# An indexed array's subscript is arithmetic expanded as in double quotes: single quotes stay
# and are a syntax error; double quotes are removed. Associative keys are plain words.
( a['2']=3; echo "not reached" ); echo "st=$?"
( a[3 + '4']=5 ); echo "st=$?"
( a[$'1']=x ); echo "st=$?"
a["1"]=2; echo "st=$? ${#a[@]}"
a[2 + "3"]=5; echo "st=$? ${!a[*]}"
i='1'; a[i]=8; echo "st=$? ${a[*]}"
declare -A A; A['k']=v; A[$'j']=w; A["l"]=x; echo "${A[k]} ${A[j]} ${A[l]}"
declare -n r=a; ( r['1']=9 ); echo "st=$?"
declare b['2']=9; echo "st=$? ${b[*]}"
