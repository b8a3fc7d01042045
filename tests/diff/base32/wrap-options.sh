printf 'hello world' | base32 --wrap=5
printf 'hello world' | base32 -w0; echo
printf 'x' | base32 -w -1; echo "[$?]"
