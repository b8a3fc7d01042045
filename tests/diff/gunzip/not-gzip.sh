printf 'plain' > p.gz
gunzip p.gz; echo "[$?]"
ls
printf 'plain' | gunzip; echo "[$?]"
