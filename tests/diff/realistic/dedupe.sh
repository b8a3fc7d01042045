items=(b a c a b d a)
declare -A seen; out=()
for i in "${items[@]}"; do [[ -n ${seen[$i]:-} ]] && continue; seen[$i]=1; out+=("$i"); done
echo "${out[*]}"
printf '%s\n' "${items[@]}" | sort | while read -r x; do echo "$x"; done | tr '\n' ' '; echo
