set -u
arr=()
echo "count ${#arr[@]}"
echo "all: ${arr[@]:-none}"
f() { echo "args: $#"; }; f "$@"
( echo "${arr[0]}" )
echo "subshell failed: $(( $? != 0 ))"
