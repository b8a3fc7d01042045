set -e
check() { [[ -f $1 ]]; }
check nofile || echo "check failed, handled"
check nofile && echo "unreachable"
echo "after && list"
true && false
echo never
