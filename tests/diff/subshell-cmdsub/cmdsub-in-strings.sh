echo "sum: $(( 1 + 2 )) and $(echo "quoted \"inner\"") and ${HOME:+set}"
arr=("$(echo a b)" $(echo c d)); echo "${#arr[@]}"
x="$(printf '%s\n' "line1" "line2")"; echo "${x//$'\n'/|}"
echo "$(echo '$(not-expanded)')"
