# A temporary assignment before a command stores its value as written: -i, -l, -u do not apply.
declare -u x=q; f(){ declare -p x; echo "$x"; }; x=abc f; declare -p x
declare -i n=1; g(){ declare -p n; n=5+1; declare -p n; }; n="2+3" g; declare -p n
x=abc env | grep ^x=; export x; x=abc env | grep ^x=
n="1 +" g
echo end
