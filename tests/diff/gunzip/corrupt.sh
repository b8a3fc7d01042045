printf 'hello hello hello\n' | gzip > c.gz
head -c 12 c.gz > bad.gz; printf 'XXXXXXXXXXXXXXXXXXXXXXXXXXXX' >> bad.gz
gunzip -c bad.gz > /dev/null; echo "[$?]"
