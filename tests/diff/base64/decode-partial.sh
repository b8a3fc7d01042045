printf 'YWJjZA' | base64 -d; echo "[$?]"
printf 'YQ' | base64 -d; echo "[$?]"
printf 'Y' | base64 -d; echo "[$?]"
printf 'YWI=x' | base64 -d; echo "[$?]"
