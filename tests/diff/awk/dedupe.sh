printf 'a\nb\na\nc\nb\n' | awk '!seen[$0]++'
printf 'x 1\ny 2\nx 3\n' | awk '!($1 in first) { first[$1] = $2 } END { for (k in first) print k, first[k] }' | sort
