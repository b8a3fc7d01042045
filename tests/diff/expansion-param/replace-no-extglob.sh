s="the cat sat"
echo "${s/+(t)/T}"
[[ ttt == +(t) ]] && echo "matched" || echo "literal"
