mkdir d; printf 'hello\n' > d/f
tar -czf a.tgz d
tar -tzf a.tgz
tar -tf a.tgz
zcat a.tgz | wc -c
