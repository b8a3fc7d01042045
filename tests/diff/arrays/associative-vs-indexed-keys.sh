declare -a idx; idx[1+1]=two; idx[x]=zero; echo "${!idx[@]}"
declare -A asc; asc[1+1]=str; echo "${!asc[@]}"
i=3; idx[i]=three; echo "${idx[3]}"
