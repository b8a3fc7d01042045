printf 'abc\n' | iconv
printf 'abc\n' | iconv -f ASCII
printf '\303\251' | iconv -t UTF-8; echo " [$?]"
