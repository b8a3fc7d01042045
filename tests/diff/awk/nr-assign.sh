printf 'a\nb\nc\n' | awk 'NR == 2 { NR = 10 } { print NR, $0 }'
printf 'a b c\n' | awk '{ $0 = toupper($0); print $2 }'
