# Before a command, name=(a b) is the string "(a b)" and name[i]=v is refused.
show() { declare -p A B 2>/dev/null | sed 's/declare -x/exported/'; echo "c=${c-unset}"; }
A=a B=(b  b) show
c[0]=2 show
echo "after: ${B-unset} ${c-unset}"
B=(1 2) env | grep '^B='
