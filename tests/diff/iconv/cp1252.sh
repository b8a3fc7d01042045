printf '\200 \223q\224 \351' | iconv -f CP1252 -t UTF-8; echo
printf '\342\202\254' | iconv -f UTF-8 -t WINDOWS-1252 | od -An -tx1
printf '\201' | iconv -f CP1252 -t UTF-8; echo " [$?]"
