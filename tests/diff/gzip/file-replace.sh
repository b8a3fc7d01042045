printf 'hello\n' > a
gzip a; echo "[$?]"
ls
zcat a.gz
gunzip a.gz; ls; cat a
