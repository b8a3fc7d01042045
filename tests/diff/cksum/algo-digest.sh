printf 'hello\n' > a
cksum -a md5 a
cksum -a sha1 a
cksum -a sha256 a
cksum --algorithm=sha512 a
cksum -a blake2b a
