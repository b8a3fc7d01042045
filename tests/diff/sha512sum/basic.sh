printf 'hello\n' > a
printf '' > empty
sha512sum a empty
printf 'hello\n' | sha512sum
sha512sum - < a
