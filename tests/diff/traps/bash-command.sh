# $BASH_COMMAND in DEBUG, ERR and EXIT traps: the simple command started last (not the
# trap's own commands).
trap 'echo "X: $BASH_COMMAND"' EXIT
trap 'echo "E: $BASH_COMMAND"' ERR
false
ls /nonexist 2>/dev/null
f() { return 3; }; f
g() { false; true; }; g
h() { false; }; h
trap - ERR
trap 'echo "D: $BASH_COMMAND"' DEBUG
echo a | cat
x=1
trap - DEBUG
echo last
