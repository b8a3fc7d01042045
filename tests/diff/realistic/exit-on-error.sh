require() { command -v "$1" >/dev/null 2>&1 || { echo "missing required command: $1" >&2; exit 1; }; }
require echo
require printf
echo "all requirements ok"
require definitely_not_installed_tool
echo "unreachable"
