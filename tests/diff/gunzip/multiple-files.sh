printf 'a\n' | gzip > a.gz; printf 'b\n' | gzip > b.gz
gunzip a.gz nosuch.gz b.gz; echo "[$?]"
ls; cat a b
