[ -t 0 ] && echo "stdin tty" || echo "stdin not tty"
[ -t 1 ] && echo "stdout tty" || echo "stdout not tty"
[[ -p /dev/stdin ]] && echo pipe || echo "not pipe"
