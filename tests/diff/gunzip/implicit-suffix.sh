printf 'hi\n' | gzip > f.gz
gunzip f; echo "[$?]"
ls; cat f
