f() { echo "FUNCNAME=$FUNCNAME args=$#"; return 7; }
f a b; echo "status=$?"
echo "$0"
true; echo $?
false; echo $?
(exit 42); echo $?
echo "${#0}" >/dev/null
echo "LINENO=$LINENO"
