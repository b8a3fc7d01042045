printf '%s=%s\n' a 1 b 2 c
printf '%d,' 1 2 3; echo
printf 'no args: [%s] [%d]\n'
printf '%s\n'
