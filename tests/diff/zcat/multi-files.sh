printf 'one\n' | gzip > 1.gz; printf 'two\n' | gzip > 2.gz
zcat 1.gz 2.gz
zcat 1.gz - 2.gz < 1.gz
