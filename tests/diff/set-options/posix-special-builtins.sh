# In POSIX mode special builtins come before functions and cannot be redefined.
eval() { echo "function eval: $1"; }
eval 'echo first'
set -o posix
eval 'echo second'
x=42
f() { x=tmp unset x; echo "x=$x"; }
f
eval() { echo again; }
echo not reached
