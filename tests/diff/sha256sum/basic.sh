printf 'hello\n' > a
printf '' > empty
sha256sum a empty
printf 'hello\n' | sha256sum
sha256sum - < a
