hd nosuch; echo "[$?]"
hd -Q; echo "[$?]"
