# Shell strings hold no NUL bytes: command substitution and read drop them, mapfile and
# printf -v cut the string at the first one.
show() { printf '%s' "$1" | od -A n -t x1; }
s=$(printf '.\000.')
echo "cmdsub len=${#s}"; show "$s"
s=$(printf '.\001.')
echo "soh len=${#s}"; show "$s"
printf '.\000.\n' | { read -r s; echo "read len=${#s}"; show "$s"; }
printf '.\001.\n' | { read s; echo "read soh len=${#s}"; show "$s"; }
printf '.\000.\n.\000.\n' | { mapfile lines; echo "mapfile n=${#lines[@]}"; show "${lines[0]}"; }
printf -v v 'a\0b'
echo "printf -v len=${#v}"
x=$'a\0b'
echo "ansi len=${#x}"
