printf 'YQ==YQ==' | base64 -d; echo "[$?]"
printf 'YR==' | base64 -d; echo "[$?]"
