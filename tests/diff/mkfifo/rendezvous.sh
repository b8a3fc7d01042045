mkfifo p
{ echo hi > p & }
cat p
wait
{ printf 'a\nb\nc\n' > p & }
while read -r l; do echo "got $l"; done < p
wait
