s=hello
[[ $s == h* ]] && echo glob-match
[[ $s =~ ^h(el)lo$ ]] && echo "regex ${BASH_REMATCH[1]}"
[[ -z "" && -n $s ]] && echo zn
[[ 10 -gt 9 ]] && echo numeric
[[ abc < abd ]] && echo lexical
[[ ! -e nofile ]] && echo nofile
