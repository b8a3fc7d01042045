printf 'h\303\251!' | iconv -f UTF-8 -t ASCII//IGNORE; echo " [$?]"
printf 'h\303\251!' | iconv -c -f UTF-8 -t ASCII; echo " [$?]"
printf 'ab\377cd' | iconv -c -f UTF-8 -t LATIN1; echo " [$?]"
