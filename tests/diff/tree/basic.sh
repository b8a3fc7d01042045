# tree 2.1's listing in the C locale: sorted by bytes, ASCII lines, links, the report (a root
# that lists something counts as a directory), -a -d -L -f -i -F --noreport --dirsfirst -r.
mkdir -p p/a/b p/c p/.git/x; touch p/a/b/f1 p/a/f2 p/z p/B 'p/sp ace' p/.hidden p/-dash
chmod +x p/B; ln -s a p/lnk; ln -s nowhere p/dangling
cd p
tree
tree -a
tree -d
tree -L 1 --noreport
tree -f -i
tree -F a
tree --dirsfirst -r
tree a c
tree c
