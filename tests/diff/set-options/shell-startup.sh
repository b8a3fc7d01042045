# What a new shell starts with: shopt defaults in bash's order, SHELLOPTS/BASHOPTS as
# listings show them, a default PATH when none is inherited, and $BASH naming a shell.
shopt -p
echo "$BASHOPTS"
declare -p SHELLOPTS BASHOPTS
set -o noglob; declare -p SHELLOPTS; set +o noglob
( unset PATH; "$BASH" -c 'declare -p PATH; echo "${PATH+set}"' )
"$BASH" -c 'echo nested $0' zero
[[ -n $BASH ]] && echo has-bash
# Invocation options: each `o` of a cluster takes the next argument.
bash -oo errexit noglob -c 'echo $-'
bash -eo pipefail -c 'echo $-; set -o | grep pipefail'
bash +oo errexit noglob -c 'echo $-'
