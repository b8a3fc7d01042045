echo x > f
grep -E '(' f; echo $?
grep '\(' f; echo $?
grep; echo $?
grep -y x f; echo $?
grep --badopt x f; echo $?
grep -A x y f; echo $?
mkdir d; grep x d; echo $?
grep -r x nonexist; echo $?
grep -E 'a{1,2' f; echo $?
grep 'a\{1' f; echo $?
