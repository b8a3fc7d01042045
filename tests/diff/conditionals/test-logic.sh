[ 1 -eq 1 -a 2 -eq 2 ] && echo and
[ 1 -eq 2 -o 2 -eq 2 ] && echo or
[ ! 1 -eq 2 ] && echo not
[ \( 1 -eq 1 \) -a \( 2 -gt 1 \) ] && echo parens
[[ 1 -eq 1 && ( 2 -eq 3 || 3 -eq 3 ) ]] && echo dbl
[[ ! -e x || -e y ]] && echo negation
