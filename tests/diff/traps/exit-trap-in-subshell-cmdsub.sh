v=$(trap 'echo trapped' EXIT; echo value)
echo "[$v]"
( trap 'echo sub-exit' EXIT; exit 3 ); echo "rc=$?"
