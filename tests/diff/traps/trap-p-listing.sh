trap 'echo a' EXIT
trap 'echo b' INT TERM
trap -p
trap - INT
trap -p INT
trap '' TERM
trap -p TERM
trap - EXIT TERM
