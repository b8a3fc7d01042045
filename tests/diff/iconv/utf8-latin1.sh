printf 'caf\303\251\n' | iconv -f UTF-8 -t ISO-8859-1 | od -An -tx1
printf 'caf\351\n' | iconv -f LATIN1 -t UTF-8
printf 'na\303\257ve' | iconv -f utf-8 -t latin1 | iconv -f latin1 -t utf-8; echo
