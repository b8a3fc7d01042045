printf 'hello\n' > a
cksum -a md5 a > s
cksum -c s; echo "[$?]"
sha256sum --tag a | cksum -c; echo "[$?]"
b2sum --tag -l 128 a | cksum --check; echo "[$?]"
