# tree -s / -h size columns, -Q, -l (a link to a directory already listed is not followed
# again), --charset, --filesfirst, -J -s, in a UTF-8 locale.
LC_ALL=C.UTF-8
mkdir -p p/a/b p/c; printf 12345 > p/a/f; head -c 5000 /dev/zero > p/big; ln -s a p/l; ln -s ../../c p/a/b/up
cd p
tree -s; tree -h; tree -Q
tree -l; tree -l a; tree -lF
tree -fi --noreport a
tree -J -s a
tree --charset=ascii -L 1
tree --filesfirst
