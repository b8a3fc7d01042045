names=(ann bob cy)
ages=(31 4 27)
for i in "${!names[@]}"; do printf '%-5s|%3d|\n' "${names[i]}" "${ages[i]}"; done
printf '%s,' "${names[@]}" | { IFS= read -r l; echo "${l%,}"; }
printf '%s\n' "${names[@]}" | sort -r | head -1
printf '%s=%s\n' "${names[@]:0:2}"
