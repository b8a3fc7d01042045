printf 'hi\n' | hexdump -ve '1/1 "%.2x"'; echo
printf 'key' | hexdump -v -e '/1 "%02X:"'; echo
