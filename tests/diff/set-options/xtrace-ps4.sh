PS4='+ [trace] '
set -x
x=$((1 + 2))
[[ $x -eq 3 ]] && echo three
for i in a b; do :; done
set +x
