mkfifo p
chmod 600 p; stat -c %a p
chmod g+w p; stat -c %a p
