declare -A count
words="the cat and the hat and the bat"
for w in $words; do ((count[$w]++)); done
for w in $(printf '%s\n' "${!count[@]}" | sort); do printf '%s %d\n' "$w" "${count[$w]}"; done
