printf '%q ' simple "two words" 'a"b' 'x$y' '*' '~home'; echo
printf '%q\n' ''
printf '%q\n' $'tab\there'
