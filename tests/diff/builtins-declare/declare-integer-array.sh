declare -ai nums=(1+1 2*3 "10/3")
echo "${nums[@]}"
nums+=(5+5); echo "${nums[-1]}"
declare -A -i scores=([a]=1+2); echo "${scores[a]}"
