printf 'hello\n' > a
printf '' > empty
md5sum a empty
printf 'hello\n' | md5sum
md5sum - < a
