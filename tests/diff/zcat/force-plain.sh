printf 'plain text\n' > p
zcat -f p
printf 'plain stdin\n' | zcat -f
zcat p; echo "[$?]"
