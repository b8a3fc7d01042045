mkdir d; printf 'x\n' > d/f
tar -caf a.tar.gz d
file -b a.tar.gz | cut -d, -f1
tar -tf a.tar.gz
tar -caf b.tar d; file -b b.tar
