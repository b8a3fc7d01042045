# Errors bash handles by jumping to its top level (a bad array subscript, a bad value for an
# integer variable, `exit`/`shift`/`return`/`break` with too many arguments): the command line
# is abandoned through functions, eval and source; `set -e` does not count them; a subshell
# ends with status 1; a script file goes on with its next line; a -c string ends (status 1).
( a[1 +]=3; echo "not reached" ); echo "subshell: $?"
( f() { local -i n="2 *"; echo "not in f"; }; f; echo "not after f" ); echo "function: $?"
( eval 'x=${a[1 +]}; echo "not in eval"'; echo "not after eval" ); echo "eval: $?"
( (( b[5/0] )); echo "not after (( ))" ); echo "arith subscript: $?"
( let "c[1 +]=2"; echo "not after let" ); echo "let: $?"
( declare -i i; read i <<< "3 +"; echo "not after read" ); echo "read: $?"
( printf -v 'd[1 +]' x; echo "not after printf" ); echo "printf -v: $?"
( for x in 1 2; do shift 1 2; echo "not in loop"; done; echo "not after loop" ); echo "shift: $?"
( set -e; a[1 +]=3; echo "not reached" ); echo "set -e: $?"
# An error of $(( )) itself abandons the line but is no set -e failure.
( set -e; x=$(( 1 + )); echo "not reached" ); echo "set -e and \$(( )): $?"
# [[ -eq ]] with a bad operand is false (status 1), not an error of the line.
[[ 1 -eq "1 +" ]]; echo "[[ -eq ]]: $?"
# Substring offsets name the parameter; an unset one evaluates nothing.
s=abc; ( echo "${s:1 +}" ); echo "offset: $?"; echo "[${unset_var:1 +}]"
# break and continue: outside a loop they only complain; a count below 1 leaves every loop.
break 1 2; echo "after break outside a loop: $?"
for x in 1 2; do for y in 1 2; do continue 0; echo "not reached"; done; echo "not reached"; done; echo "continue 0: $?"
# A subshell's EXIT trap runs whole after such a jump; an abandoned line passes RETURN traps by.
( trap 'echo "exit trap"; echo "runs whole"' EXIT; a[1 +]=3 ); echo "exit trap: $?"
( g() { trap 'echo "not run"' RETURN; x=$(( 2 * )); }; g; echo "not reached" ); echo "return trap: $?"
# The same in a script file: the file goes on with its next line.
printf '%s\n' 'a[1 +]=3; echo "not reached"' 'echo "next line of the file"' 'declare -i n; n="1 +"; echo no' 'echo "end of file"' > discard.sh
bash discard.sh; echo "file: $?"
rm -f discard.sh
# Under -c, the string ends here with status 1.
echo "last line"; a[1 +]=1; echo "not reached"
echo "not reached either"
