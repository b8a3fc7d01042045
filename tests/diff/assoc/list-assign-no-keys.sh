declare -A h
h=(x)
echo "rc=$? ${#h[@]}"
declare -p h
