file nosuch; echo "[$?]"
printf 'x\n' > a
file a nosuch; echo "[$?]"
