args=(-n)
debug=1; name="my file"
(( debug )) && args+=(-e)
args+=("value: $name\tend")
echo "${args[@]}"
printf '[%s] ' "${args[@]}"; echo
cmd=(printf '%s+')
"${cmd[@]}" a b c; echo
