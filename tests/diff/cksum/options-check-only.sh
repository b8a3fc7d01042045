cksum --quiet /dev/null; echo "[$?]"
cksum --strict /dev/null; echo "[$?]"
cksum -z -c /dev/null; echo "[$?]"
