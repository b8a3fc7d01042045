# Devices and named pipes are not compressed in place (with -c they are read).
gzip /dev/null; echo "status $?"
gzip -d /dev/null; echo "status $?"
gzip -q /dev/null; echo "status $?"
gzip -f /dev/null; echo "status $?"
gzip -c /dev/null | gzip -d | wc -c
mkfifo p
gzip p; echo "status $?"
ls
