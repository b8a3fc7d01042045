# tree -J (its layout, as tree 2.1 writes it), and a UTF-8 locale's lines and escapes.
mkdir -p p/a/b p/c; touch p/a/b/f1 p/a/f2 p/z 'p/a b' "p/$(printf 't\tab')"; ln -s a p/lnk
cd p
tree -J
tree -J -L 1 --noreport
tree -J -d a c
tree
LC_ALL=C.UTF-8 tree
