printf 'abc' | base64
printf 'ab' | base64
printf 'a' | base64
printf '' | base64; echo "[$?]"
