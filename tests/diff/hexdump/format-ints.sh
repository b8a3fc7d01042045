printf 'abcd' | hexdump -e '1/4 "%d\n"'
printf 'abc' | hexdump -e '2/1 "%x-" "|\n"'
printf '\377\377' | hexdump -e '1/2 "%d %u %o %#x\n"'
printf '\001\002' | hexdump -e '2/1 "%5d|" "\n"'
