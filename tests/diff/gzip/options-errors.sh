gzip -x; echo "[$?]"
gzip --bogus; echo "[$?]"
gzip -S '' a; echo "[$?]"
