printf 'hello\n' > a
printf '' > empty
sha224sum a empty
printf 'hello\n' | sha224sum
sha224sum - < a
