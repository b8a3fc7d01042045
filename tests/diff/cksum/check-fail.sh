printf 'hello\n' > a
cksum -a sha1 a > s
echo bye > a
cksum -c s; echo "[$?]"
cksum a | cksum -c; echo "[$?]"
