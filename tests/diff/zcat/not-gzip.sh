printf 'plain' > p.gz
zcat p.gz; echo "[$?]"
printf 'abc' | zcat; echo "[$?]"
