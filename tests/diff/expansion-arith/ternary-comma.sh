for v in -5 0 5; do echo "$v: $(( v < 0 ? -1 : v > 0 ? 1 : 0 ))"; done
echo $(( a=1, b=2, a+b ))
max() { echo $(( $1 > $2 ? $1 : $2 )); }; max 3 9; max 9 3
