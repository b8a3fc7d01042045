printf 'abcd\nefgh\n\0ij\r\nkl' > w
strings -w w | od -c
strings w
