mkfifo -m 600 a; stat -c '%a' a
mkfifo -m +x b; stat -c '%a' b
mkfifo -m u=rw,go= c; stat -c '%a' c
mkfifo --mode=0640 d; stat -c '%a' d
mkfifo -m a-w e; stat -c '%a' e
