# A subshell lists its parent's traps until it changes one.
trap 'echo exit' EXIT
trap 'echo usr' USR1
(trap -p)
trap -p | cat
echo "$(trap -p EXIT)"
(trap 'echo int' INT; trap -p)
(trap - USR1; trap -p)
