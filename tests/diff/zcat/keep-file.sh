printf 'hi\n' | gzip > f.gz
zcat f.gz > /dev/null
ls
