touch f; mkdir d
mkfifo f; echo "st=$?"
mkfifo d; echo "st=$?"
mkfifo d/; echo "st=$?"
