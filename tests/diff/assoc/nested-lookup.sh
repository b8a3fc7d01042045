declare -A user_age=([alice]=30 [bob]=25)
declare -A user_city=([alice]=paris [bob]=rome)
for u in alice bob carol; do
  if [[ -v user_age[$u] ]]; then
    echo "$u is ${user_age[$u]} from ${user_city[$u]}"
  else
    echo "$u: unknown" >&2
  fi
done
