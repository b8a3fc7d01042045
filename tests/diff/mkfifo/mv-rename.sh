mkfifo p
mv p q; echo "st=$?"
[ -p q ] && echo "still fifo"
ls
