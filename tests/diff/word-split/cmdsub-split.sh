for w in $(echo "a  b"; echo c); do echo "<$w>"; done
n=$(printf '%s\n' 1 2 3 | wc -l); echo "n=$n"
set -- $(seq 1 4); echo "$# $*"
x="$(echo '  padded  ')"; echo "[$x]"
