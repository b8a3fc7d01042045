trap 'echo "ERR at $LINENO"' ERR
f() { false; echo "f body continues"; }
f
set -o errtrace
f
echo end
