printf '' | strings; echo "[$?]"
printf '\0\0\0' | strings; echo "[$?]"
