gunzip nosuch; echo "[$?]"
gunzip nosuch.gz; echo "[$?]"
