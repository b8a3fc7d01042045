unset u; e=""; s=x
[[ -v u ]] || echo "u unset"
[[ -v e ]] && echo "e set"
[[ -v s ]] && echo "s set"
[ -z "${u+x}" ] && echo "u unset via +x"
arr=(1); [[ -v arr[0] ]] && echo "arr[0] set"; [[ -v arr[3] ]] || echo "arr[3] unset"
