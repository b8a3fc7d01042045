set_var() { printf -v "$1" '%s' "$2"; }
set_var greeting "hello there"; echo "$greeting"
append() { local -n ref=$1; ref+=("$2"); }
list=(a); append list b; append list "c d"; declare -p list
len() { local -n a=$1; echo ${#a[@]}; }; len list
