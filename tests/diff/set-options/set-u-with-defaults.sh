set -u
echo "${1:-no-arg}"
echo "${HOME:+home-set}"
arr=(a); echo "${arr[0]} ${#arr[@]}"
declare -A m=(); echo "${#m[@]}"
f() { echo "${1-}"; }; f
echo "${unset_but_default-fallback}"
