# standard input is not a terminal here
tty < /dev/null; echo "st=$?"
tty -s < /dev/null; echo "st=$?"
tty extra < /dev/null; echo "st=$?"
