files="a.txt b.txt  c.txt"
for f in $files; do echo "-$f-"; done
for f in "$files"; do echo "-$f-"; done
set -- $files; echo $#
