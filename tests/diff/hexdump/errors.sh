hexdump nosuch; echo "[$?]"
printf 'ab' > a
hexdump -C nosuch a; echo "[$?]"
hexdump -q; echo "[$?]"
