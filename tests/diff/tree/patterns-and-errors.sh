# tree -I / -P (with | alternatives), --prune, a missing root, a file root, bad options.
mkdir -p p/a/b p/c; touch p/a/b/f1 p/a/f2.txt p/z.txt p/y.md
cd p
tree -I 'a|y*'
tree -P '*.txt'
tree -P '*.txt' --prune
tree -P 'nomatch' --prune
tree missing a; echo "st=$?"
tree z.txt; echo "st=$?"
tree -z; echo "st=$?"
tree -L; echo "st=$?"
tree -L 0; echo "st=$?"
tree --bogus 2>&1 | head -1
