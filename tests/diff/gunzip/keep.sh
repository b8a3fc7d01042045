printf 'hi\n' | gzip > f.gz
gunzip -k f.gz; ls
cat f
