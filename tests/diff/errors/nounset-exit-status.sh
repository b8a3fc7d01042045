# bash -c: an unset variable under set -u ends the shell with 127 (1 in a subshell)
( set -u; echo "$undef_a" ); echo "subshell=$?"
x=$( echo "${undef_b?gone}" ); echo "cmdsub=$?"
f() { echo "${undef_c:?empty}"; }
( f ); echo "func-in-subshell=$?"
set -u
echo "$undef_d"
echo never
