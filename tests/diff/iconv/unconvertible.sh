printf 'h\303\251!' | iconv -f UTF-8 -t ASCII; echo " [$?]"
printf 'a\342\202\254b' | iconv -f UTF-8 -t LATIN1; echo " [$?]"
