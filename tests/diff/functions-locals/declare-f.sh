function one { echo one; }
two() { local x=1; if [[ $x ]]; then echo "two $x"; fi; }
declare -f one
declare -f two
