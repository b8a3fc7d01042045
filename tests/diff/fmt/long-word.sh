printf '%06000d tail\n' 0 > w
fmt w | wc -c
printf 'a %s b\n' "$(printf '%080d' 7)" | fmt -w 20
