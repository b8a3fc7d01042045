# ${x@A} / ${x@a} forms; transformations of unset values give nothing.
declare x; echo "[${x@a}]"; declare -i y; echo "[${y@a}]"; declare -A A; echo "[${A@a}]"; declare -a B; echo "[${B@a}]"; B=([1]=x); echo "[${B@a}]" "[${B@A}]"
x=1; declare -r x; echo "${x@A}"; declare -a C=(1 2); echo "${C@A}" "${C[@]@A}"; declare -A D=([k]=v); echo "${D@A}" "${D[@]@A}" "${D[k]@A}"; declare -ix z=3; echo "${z@A}"
set -- a 'b c'; echo "${@@A}" "${1@A}"
empty=''; w=x
echo ${w@Q} ${empty@Q} ${undef@Q} ${w@Q}
echo ${w@A} ${empty@A} ${undef@A} ${w@A}
echo "[${undef@Q}]" "[${undef@U}]" "[${empty@Q}]"
