printf 'abc' | base32
printf 'a' | base32
printf 'abcde' | base32
printf '' | base32; echo "[$?]"
