printf 'abcdefghijklmnopqrstuvwxyz' | hexdump -e '16/1 "%02x " "\n"'
printf 'abcdefghijklmnopqrstuvwxyz' | hexdump -e '"%07.7_ax  " 8/1 "%3_c" "\n"'
