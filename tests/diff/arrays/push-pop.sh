stack=()
push() { stack+=("$1"); }
pop() { local n=${#stack[@]}; ((n)) || return 1; top=${stack[n-1]}; unset "stack[n-1]"; }
push a; push b; push c
pop; echo "$top"; pop; echo "$top"
echo "left: ${stack[*]} (${#stack[@]})"
pop; pop || echo "empty"
