iconv -x; echo "[$?]"
iconv -f; echo "[$?]"
