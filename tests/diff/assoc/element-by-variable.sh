# `${A[$k]}` and `A[$k]=v` with the key in a variable: plain, quoted, unset, empty, a nameref,
# a computed variable, an integer key, keys with spaces and glob characters.
declare -A A=([a]=1 ["b c"]=2 ["*"]=3 [0]=zero [x]=ex)
k=a; echo "${A[$k]} ${A["$k"]}"
k="b c"; echo "${A[$k]}"
k='*'; echo "${A[$k]}"
k=0; echo "${A[$k]}"
declare -n r=k; k=x; echo "${A[$r]}"
unset k; echo "[${A[$k]}]" 2>&1
k=; echo "[${A[$k]}]" 2>&1
declare -i n=0; echo "${A[$n]}"
for k in a x; do A[$k]=new$k; done; echo "${A[a]} ${A[x]}"
k=fresh; A[$k]=f; A[$k]+=g; echo "${A[fresh]} ${#A[@]}"
declare -l L=ABC; A[$L]=low; echo "${A[abc]}"
declare -A B; declare -u B; k=q; B[$k]=up; echo "${B[q]}"
set -u; k=a; echo "${A[$k]}"
