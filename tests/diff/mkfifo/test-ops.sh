mkfifo p
[ -e p ] && echo exists
[ -p p ] && echo pipe
[ -d p ] || echo "not dir"
[ -s p ] || echo empty
[ -r p ] && echo readable
