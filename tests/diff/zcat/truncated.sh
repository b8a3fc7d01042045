echo 'H4sIAAAAAAAAA8tIzcnJ' | base64 -d > t.gz
zcat t.gz; echo "[$?]"
