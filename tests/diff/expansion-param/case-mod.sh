s="hello World"
echo "${s^}" "${s^^}" "${s,}" "${s,,}"
arr=(one two); echo "${arr[@]^}"
