printf 'hello\n' > a
cksum -a sysv a
cksum -a bsd a
cksum -a crc a
cksum -a bsd < a
cksum --untagged a
