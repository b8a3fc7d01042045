printf 'hello\n' > a
printf '' > empty
sha384sum a empty
printf 'hello\n' | sha384sum
sha384sum - < a
