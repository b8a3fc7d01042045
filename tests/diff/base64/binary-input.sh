head -c 3000 /dev/zero | base64 | head -2
head -c 3000 /dev/zero | base64 | tail -1
printf '\377\376' | base64 -d; echo "[$?]"
