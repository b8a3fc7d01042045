printf '' | awk '{ n++ } END { print n + 0, NR }'
printf 'x' | awk '{ print $0 "|" }'
printf '\n\n' | awk '{ print NR ":" NF }'
