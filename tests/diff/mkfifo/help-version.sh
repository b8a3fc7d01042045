mkfifo --version | head -1
mkfifo --help | head -2
