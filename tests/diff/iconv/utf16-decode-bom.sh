printf '\376\377\000h\000i' | iconv -f UTF-16 -t UTF-8; echo
printf '\377\376h\000i\000' | iconv -f UTF-16 -t UTF-8; echo
printf 'h\000i\000' | iconv -f UTF-16 -t UTF-8; echo
printf '\377\376h\000' | iconv -f UTF-16LE -t UTF-8 | od -An -tx1
