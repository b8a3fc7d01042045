declare -A one=([k]=v)
declare -p one
