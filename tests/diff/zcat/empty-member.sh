printf '' | gzip > e.gz
zcat e.gz | wc -c
zcat e.gz e.gz; echo "[$?]"
