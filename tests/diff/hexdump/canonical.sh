printf 'hello world, this is hexdump!\n' > h.txt
hexdump -C h.txt
printf 'a' | hexdump -C
printf '' | hexdump -C; echo "[$?]"
hexdump --canonical h.txt | tail -1
