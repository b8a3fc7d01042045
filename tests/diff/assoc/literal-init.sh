declare -A colors=([red]=ff0000 [green]=00ff00 ["light blue"]=add8e6)
echo "${colors[red]} ${colors[light blue]}"
colors+=([black]=000000)
echo "${#colors[@]}"
for k in "${!colors[@]}"; do echo "$k"; done | sort
