export MYVAR=hello
printenv MYVAR
env | while IFS= read -r l; do [[ $l == MYVAR=* ]] && echo "$l"; done
env FOO=bar printenv FOO
printenv NOPE_NOT_SET; echo "rc=$?"
