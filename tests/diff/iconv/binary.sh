printf '\000\001\177' | iconv -f ASCII -t UTF-8 | od -An -tx1
printf '\377\376' | iconv -f LATIN1 -t UTF-8 | od -An -tx1
