printf '' | hd; echo "[$?]"
hd /dev/null; echo "[$?]"
