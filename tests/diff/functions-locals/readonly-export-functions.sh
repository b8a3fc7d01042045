# readonly -f / export -f on functions.
f() { :; }
readonly -f f
unset -f f; echo "rc=$?"
readonly -f g; echo "rc=$?"
export -f f; echo "rc=$?"
export -f g; echo "rc=$?"
readonly -f
