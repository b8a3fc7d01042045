# ${!ref} of a nameref is the name it refers to.
foo=FOO
x=foo
ref=x
echo "plain: ${!ref}"
declare -n ref
echo "nameref: $ref ${!ref}"
declare -n chain=ref
echo "chain: $chain ${!chain}"
