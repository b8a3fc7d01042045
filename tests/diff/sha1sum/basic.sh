printf 'hello\n' > a
printf '' > empty
sha1sum a empty
printf 'hello\n' | sha1sum
sha1sum - < a
