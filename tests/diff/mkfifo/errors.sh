mkfifo p
mkfifo p; echo "st=$?"
mkfifo; echo "st=$?"
mkfifo -m bad q; echo "st=$?"
mkfifo -m 99999 q; echo "st=$?"
mkfifo nodir/x; echo "st=$?"
mkfifo -y q; echo "st=$?"
mkfifo --bogus q; echo "st=$?"
ls
