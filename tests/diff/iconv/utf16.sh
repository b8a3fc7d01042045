printf 'h\303\251!' | iconv -f UTF-8 -t UTF-16 | od -An -tx1
printf 'hi' | iconv -f UTF-8 -t UTF-16LE | od -An -tx1
printf 'hi' | iconv -f UTF-8 -t UTF-16BE | od -An -tx1
