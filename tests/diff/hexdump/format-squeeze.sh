printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' | hexdump -e '16/1 "%02x" "\n"'
printf 'ab' | hexdump -e '"%_p"'; echo
printf '\000\n ' | hexdump -e '3/1 "%_u " "\n"'
