a=(x 'y z' "q'r"); a[7]=s
echo "${a[@]@K}"; echo "${a[*]@K}"; printf '<%s>' ${a[@]@K}; echo; printf '<%s>' "${a[@]@k}"; echo
declare -A h=([one]=1 ['t w']='2 3' [x]=)
echo "${h[@]@K}"; printf '<%s>' "${h[@]@k}"; echo
e=(); echo "[${e[@]@K}]"; declare -A E=(); echo "[${E[@]@K}]"
s=abcabc; echo ${s/#ab/X} ${s/%bc/Y} ${s/#/P} ${s/%/S} ${s/#zz/Q} "${s/#a/[&]}" "${s/%c/<\&>}"
echo ${s/#*/W}
