# \u escapes: in a UTF-8 locale code points past U+10FFFF and surrogates are encoded as bash
# does; in the C locale a non-ASCII one stays an escape.
LC_ALL=C.UTF-8
printf '%s' $'\U00110000' | od -An -tx1
printf '%s' $'\udc00' | od -An -tx1
printf '%s' $'\U0010ffff' | od -An -tx1
printf '\U00110000\udc00\U0010ffff' | od -An -tx1
echo -e '\U00110000' | od -An -tx1
LC_ALL=C
printf '%s|' $'\u00e9' $'\u41' $'\U0001f600'; echo
printf '\u00e9|\u0041|%b\n' '\U0001f600'
echo -e '\u00e9'
