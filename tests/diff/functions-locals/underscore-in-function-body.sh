# `$_` in a function's body starts as the previous command's last argument (the call's own
# arguments are not yet its value); after the call it is the call's last argument.
f() { echo "in:$_"; echo "again:$_"; }
echo prev word
f a b
echo "after:$_"
g() { echo "g:$_"; }
true one two
g
echo "after g:$_"
h() { echo "h:$_"; return 3; }
: x y z
h p q || echo "status $? $_"
