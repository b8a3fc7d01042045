# trap -p quotes actions with single quotes only, newlines and all
trap 'echo 1
echo 2' INT
trap
trap 'a'\''b' TERM
trap -p TERM
trap $'x\ty' USR1
trap -p USR1
# an option-looking first word is an invalid option, not an action
trap "echo bye" EXIT
trap -1 EXIT; echo "st=$?"
trap -- -1 USR2; echo "st=$?"
trap -p USR2
trap - EXIT
