printf 'hello world, this is xxd!\n' > h.txt
xxd h.txt
xxd < h.txt
printf '' | xxd; echo "[$?]"
