f() { for i in 1 2 3; do [[ $i == 2 ]] && return 9; echo "i=$i"; done; }
f; echo "rc=$?"
for x in a b; do
  g() { echo "g in loop $x"; }
  g
done
