printf '' > e
sum e
sum -s e
sum < /dev/null
