printf 'hello\n' > a
cksum a
printf 'hello\n' | cksum
cksum - < a
cksum /dev/null
