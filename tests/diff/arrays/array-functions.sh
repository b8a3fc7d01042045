contains() { local needle=$1; shift; local x; for x; do [[ $x == "$needle" ]] && return 0; done; return 1; }
index_of() { local needle=$1 i=0; shift; for x; do [[ $x == "$needle" ]] && { echo $i; return; }; ((i++)); done; echo -1; }
list=(red green "light blue")
contains green "${list[@]}" && echo "has green"
contains blue "${list[@]}" || echo "no plain blue"
index_of "light blue" "${list[@]}"; index_of black "${list[@]}"
reverse=(); for ((i=${#list[@]}-1; i>=0; i--)); do reverse+=("${list[i]}"); done; printf '%s;' "${reverse[@]}"; echo
