cmd='echo "evaluated $((1+1))"'
eval "$cmd"
var=name; eval "$var=value"; echo "$name"
eval 'for i in 1 2; do echo "loop $i"; done'
eval "arr=(a b c)"; echo "${#arr[@]}"
eval "exit_code() { return 4; }"; exit_code; echo $?
