mkdir d; printf 'hi\n' > d/f
tar cf a.tar d
tar tf a.tar
tar czf a.tgz d; rm -r d
tar xzf a.tgz; cat d/f
tar tvf a.tar | wc -l
