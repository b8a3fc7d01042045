printf 'tab\there\nnewline\\backslash\n'
printf '%s\n' 'no\tescape'
printf '%b\n' 'yes\tescape' '\x41\0102'
printf '\x48\x49\n'
printf '\101\102\n'
printf 'a\cb\n'; echo
