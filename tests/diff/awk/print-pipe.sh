printf '3\n1\n2\n' | awk '{ print | "sort" }'
printf 'b\na\n' | awk '{ print | "sort -r" } END { close("sort -r"); print "done" }'
