mkfifo -- -p; echo "st=$?"
ls -- -p
[ -p -p ] && echo ok
