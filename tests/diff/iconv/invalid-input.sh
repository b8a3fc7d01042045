printf 'ab\377cd' | iconv -f UTF-8 -t UTF-16LE | od -An -c
printf 'ab\303' | iconv -f UTF-8 -t LATIN1; echo " [$?]"
printf '\300\200' | iconv -f UTF-8 -t UTF-8; echo " [$?]"
printf '\355\240\200' | iconv -f UTF-8 -t UTF-16LE; echo " [$?]"
