mkdir -p a/b
mkfifo a/b/p a/q
find a -type p | sort
ls -R a
