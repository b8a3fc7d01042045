cksum -a foo /dev/null; echo "[$?]"
cksum -a md /dev/null; echo "[$?]"
cksum -q; echo "[$?]"
cksum nosuch; echo "[$?]"
