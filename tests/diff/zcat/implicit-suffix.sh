printf 'x\n' | gzip > f.gz
zcat f
zcat nosuch; echo "[$?]"
