set -- "a b" c
x=$@; echo "[$x]"
y="$*"; echo "[$y]"
IFS=,; z="$*"; echo "[$z]"; unset IFS
arr=("$@"); echo "${#arr[@]}"
s="${*:1:1}"; echo "[$s]"
