cksum -a crc -c /dev/null; echo "[$?]"
cksum -a bsd --check /dev/null; echo "[$?]"
cksum -c nosuch; echo "[$?]"
