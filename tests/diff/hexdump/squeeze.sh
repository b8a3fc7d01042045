head -c 64 /dev/zero | hexdump -C
head -c 64 /dev/zero | hexdump
{ head -c 40 /dev/zero; printf 'x'; head -c 40 /dev/zero; } | hexdump -C
