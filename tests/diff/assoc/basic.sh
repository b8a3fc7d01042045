declare -A m
m[alpha]=1; m[beta]=2; m["gamma ray"]=3
echo "${m[alpha]} ${m[gamma ray]} ${#m[@]}"
for k in $(printf '%s\n' "${!m[@]}" | sort); do echo "$k=${m[$k]}"; done
[[ -v m[beta] ]] && echo has beta
unset 'm[beta]'; [[ -v m[beta] ]] || echo no beta
