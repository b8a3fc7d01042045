mkfifo p; echo "st=$?"
test -p p && echo fifo
test -f p || echo "not regular"
ls -l p | cut -c1-10
stat -c '%a %F %s' p
