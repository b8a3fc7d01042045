mkdir d
zcat d; echo "[$?]"
