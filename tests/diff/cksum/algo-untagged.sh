printf 'hello\n' > a
cksum -a md5 --untagged a
cksum -a sha224 --untagged < a
cksum -a sha384 a --untagged
