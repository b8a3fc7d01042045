declare -A m=([a]=1)
echo "[${m[zzz]}] [${m[zzz]:-default}]"
if [[ -n ${m[a]+set} ]]; then echo a-set; fi
if [[ -z ${m[b]+set} ]]; then echo b-unset; fi
m[empty]=; [[ -v m[empty] ]] && echo empty-is-set
