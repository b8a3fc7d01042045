printf -v line '%s-%s' a b; echo "$line"
printf -v arr[2] '%d' 7; echo "${arr[2]}"
declare -A h; printf -v 'h[k]' '%s' val; echo "${h[k]}"
printf -v pad '%*s' 5 ''; echo "[${pad// /-}]"
