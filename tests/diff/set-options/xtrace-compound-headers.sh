# set -x traces [[ ]] primaries, for/select/case headers and (( )) parts as bash does.
set -x
x=a; [[ $x == a* && -n "$x" ]]; for i in 1 "a b"; do :; done; (( i = 2 + 3 )); case $x in a) :;; esac; for ((j=0; j<1; j++)); do :; done; let k=1; if [[ ! -z $x ]]; then :; fi; [[ ( a = a ) || b < c ]]; [[ $x =~ ^a ]]
[[ "a b" != c ]]; [[ 3 -gt 2 ]]; set -- p q; for v; do :; done
PS4='+ [trace] '
x=$((1 + 2))
[[ $x -eq 3 ]] && echo three
for i in a b; do :; done
set +x
