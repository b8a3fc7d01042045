printf 'hi\n' | gzip > f.gz
printf 'old' > f
gunzip f.gz; echo "[$?]"
cat f; echo
gunzip -f f.gz; echo "[$?]"
cat f; ls
