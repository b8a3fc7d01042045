mkfifo -m 0 a; stat -c %a a
mkfifo -m 777 b; stat -c %a b
mkfifo -m 1644 c; stat -c %a c
mkfifo -m 0700 d; stat -c %a d
