declare -A h
h["a b"]=1; h[c]=2; key="d e"; h[$key]=3
for k in "${!h[@]}"; do echo "<$k>"; done | sort
unset 'h[a b]'; echo "${#h[@]}"
