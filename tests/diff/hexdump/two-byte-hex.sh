printf 'abcdefghijklmnopqrs' | hexdump -x
printf 'abc' | hexdump -x
