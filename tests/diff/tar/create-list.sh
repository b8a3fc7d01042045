mkdir -p d/sub; printf 'hello\n' > d/f; printf 'x' > d/sub/g
tar --sort=name -cf a.tar d
tar -tf a.tar
wc -c < a.tar
