greet() { local name=$1; echo "hi $name"; return 3; }
greet bob; echo "rc=$?"
x=global
f() { local x=local; g; }
g() { echo "g sees $x"; }
f; echo "after: $x"
add() { echo $(( $1 + $2 )); }
r=$(add 2 40); echo "$r"
