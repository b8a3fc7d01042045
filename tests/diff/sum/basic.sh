printf 'hello\n' > a
sum a
sum < a
sum -r a
sum - < a
