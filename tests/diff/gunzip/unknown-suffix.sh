printf 'x' > b
gunzip b; echo "[$?]"
gunzip -q b; echo "[$?]"
