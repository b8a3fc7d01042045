printf '\360\237\230\200' | iconv -f UTF-8 -t UTF-16LE | od -An -tx1
printf '\075\330\000\336' | iconv -f UTF-16LE -t UTF-8 | od -An -tx1
printf '\000\336' | iconv -f UTF-16LE -t UTF-8; echo "[$?]"
