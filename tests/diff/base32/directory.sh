mkdir d
base32 d; echo "[$?]"
base32 -d d; echo "[$?]"
