printf 'hello' | hd -c
