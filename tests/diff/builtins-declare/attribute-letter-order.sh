# declare -p, export -p and ${x@a} list attributes in bash's order: i n r t x, then l u.
declare -l a=ABC; declare -x a; declare -p a; echo "${a@a}"
declare -ux b=q; declare -p b; export -p | grep ' b='
declare -irtx y=1; declare -p y
declare -ul q; declare -p q
