echo 'H4sIAAAAAAAAA8tIzcnJ' | base64 -d > t.gz
gunzip t.gz; echo "[$?]"
ls
echo 'H4sIAAAAAAAAA8tIzcnJ' | base64 -d | gunzip; echo "[$?]"
