printf 'hello\n' > a
cksum -a blake2b -l 256 a
cksum -a blake2b -l 128 --untagged a
cksum -l 128 a; echo "[$?]"
cksum -a blake2b -l 9 a; echo "[$?]"
