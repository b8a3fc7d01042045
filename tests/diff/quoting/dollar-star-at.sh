set -- "a b" c "d  e"
for x in "$@"; do echo "[$x]"; done
for x in "$*"; do echo "[$x]"; done
for x in $*; do echo "[$x]"; done
IFS=-; echo "$*"; unset IFS
echo "${@:2}" "${#@}"
