# ${a[@]@K} and ${a[@]@k} on indexed and associative arrays; keys quoted as declare -p quotes
# them (only when needed), in bash's hash order (bytes from 0x80 up sign-extended).
declare -A A=([k]=1 ['a b']=x); echo "${A[@]@K}"; echo "${A[@]@k}"; a=(x 'y z'); echo "${a[@]@K}"; echo ${a[@]@k}; echo "${A[k]@K}" "${x@K}"
declare -A A=([a-b]=1 [x.y]=2 [@]=3 ['$x']=4 [~u]=5 ['#h']=6 [é]=7 [a=b]=8 ['']=9 [*]=10 [%]=11)
declare -p A; echo "${A[@]@K}"; set | grep '^A='
LC_ALL=C.UTF-8; declare -A E=([é]=1 [ü]=2 [aé]=3 [z]=4); declare -p E; echo "${E[@]@K}"
