printf 'x' | gzip > a.gz
gzip a.gz; echo "[$?]"
gzip -q a.gz; echo "[$?]"
ls
