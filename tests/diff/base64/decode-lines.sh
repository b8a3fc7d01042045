printf 'YWJj\nZGVm\n' | base64 -d; echo
printf 'YWJ\njZGVm\n' | base64 -d; echo
printf 'YQ=\n=\n\n' | base64 -d; echo "[$?]"
