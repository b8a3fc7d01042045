echo 'aGVsbG8gd29ybGQK' | base64 -d
echo 'YWJjZGVm' | base64 --decode; echo
printf 'YQ==' | base64 -d | od -c
