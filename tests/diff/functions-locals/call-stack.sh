# FUNCNAME / BASH_SOURCE / BASH_LINENO with functions and sourced files.
show() { echo "${FUNCNAME[*]} | ${BASH_SOURCE[*]} | ${BASH_LINENO[*]}"; }
echo "top: ${FUNCNAME[*]} | ${BASH_SOURCE[*]} | ${BASH_LINENO[*]}"
printf '%s\n' 'show' 'lib() { show; }' > lib.sh
source ./lib.sh
lib
outer() { . ./lib.sh; }
outer
echo "arith: $((BASH_LINENO))"
inner() { echo "arith: $((BASH_LINENO))"; }
inner
printf '%s\n' 'local v=1 && echo "local $v"' > local.sh
. ./local.sh
wrap() { . ./local.sh; }
wrap
