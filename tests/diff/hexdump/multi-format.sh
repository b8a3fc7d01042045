printf 'hello world!' | hexdump -C -c
printf 'hello' | hexdump -b -x
