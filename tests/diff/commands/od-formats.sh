printf 'ABCD' | od -An -tx2
printf 'AB' | od -An -to1
printf 'hi\n' | od -An -tc
printf '\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11' | od -An -tx1
printf 'ab' | od -tx1
