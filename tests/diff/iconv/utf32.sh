printf 'h\303\251' | iconv -f UTF-8 -t UTF-32 | od -An -tx1
printf 'A' | iconv -f UTF-8 -t UTF-32BE | od -An -tx1
printf 'A\000\000\000' | iconv -f UTF-32LE -t UTF-8; echo
