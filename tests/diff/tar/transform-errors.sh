printf x > f
for x in 'x/a/b/' 's/a/b' 's/a/b/q' 's/\(a/b/' 's/a/\1/' 's/\(a\)/\2/' 'flags=rz' 's/[/x/' 's/a/b/;x' 's' 'sxaxbx'; do
  tar -cf a.tar --transform "$x" f; echo "st=$?"
done
tar -cf a.tar --transform; echo "st=$?"
tar -cf a.tar --transform '' f; tar -tf a.tar
