s="  The Quick Brown Fox  "
trimmed="${s#"${s%%[![:space:]]*}"}"; trimmed="${trimmed%"${trimmed##*[![:space:]]}"}"
echo "[$trimmed]"
echo "${trimmed,,}" | tr ' ' '-'
words=($trimmed); echo "${#words[@]} words, last=${words[-1]}"
rev=""; for ((i=${#trimmed}-1; i>=0; i--)); do rev+=${trimmed:i:1}; done; echo "$rev"
initials=""; for w in "${words[@]}"; do initials+=${w:0:1}; done; echo "$initials"
