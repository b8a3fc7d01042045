# ${!ref+"${!ref}"} keeps array elements; nocasematch applies to ${x/p/r} only; unset indirection is an error.
show() { printf '<%s>' ${!hooksSlice}; echo; printf '<%s>' ${!hooksSlice+"${!hooksSlice}"}; echo; }
hooksSlice='preHooks[@]'
preHooks=(); show
preHooks=('foo bar' baz); show
x=a; y=x; echo "${!y:-d}" ${!y+"set"}
shopt -s nocasematch; foo=a; echo "${foo#A}" "${foo%A}" "${foo/A/x}" "${foo//A/y}" "${foo^^A}"
echo "[${!unset_ref}]"; echo not reached
