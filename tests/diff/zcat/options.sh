printf 'hi\n' | gzip > f.gz
zcat -q f.gz
zcat -v f.gz
zcat -x f.gz; echo "[$?]"
