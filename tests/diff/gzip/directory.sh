mkdir d
gzip d; echo "[$?]"
gzip -q d; echo "[$?]"
