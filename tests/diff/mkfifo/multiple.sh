mkfifo a b c; echo "st=$?"
ls
mkfifo x a y; echo "st=$?"
ls
