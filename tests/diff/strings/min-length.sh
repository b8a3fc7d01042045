printf 'ab\0abc\0abcd\0abcde\0' > s
strings -n 3 s
strings -n 5 s
strings -3 s
strings --bytes=2 s
