printf 'hello\n' > a
printf '' > empty
b2sum a empty
printf 'hello\n' | b2sum
b2sum - < a
