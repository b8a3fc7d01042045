mkfifo p
stat -c '%A %h %s' p
stat -c '%f' p
