printf 'x' > b; printf 'old' > b.gz
gzip b; echo "[$?]"
ls
gzip -f b; echo "[$?]"
ls; zcat b.gz; echo
