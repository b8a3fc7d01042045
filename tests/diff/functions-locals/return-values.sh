is_even() { (( $1 % 2 == 0 )); }
for n in 1 2 3 4; do if is_even $n; then echo "$n even"; else echo "$n odd"; fi; done
get() { echo "result-$1"; }
v=$(get x); echo "$v"
f() { return 300; }; f; echo $?
g() { false; }; g; echo $?
h() { :; return; }; false; h; echo $?
