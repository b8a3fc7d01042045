printf '%d|%5d|%-5d|%05d|%+d|% d\n' 42 42 42 42 42 42
printf '%x|%X|%#x|%o|%#o|%08.3f\n' 255 255 255 8 8 3.14159
printf '%s|%10s|%-10s|%.2s|%*s|%-*s|\n' abc abc abc abc 5 ab 4 cd
printf '%e|%E|%g|%G|%.3e|%10.2f\n' 12345.678 0.000123 100000 1e-10 1.5 2.5
printf '%c|%c\n' hello 65
printf '%%|%b|%q\n' 'a\tb\n' "it's a test"
printf '%s\n' a b c
printf '%s=%d\n' a 1 b 2 c
printf '%d\n' 0x1f 010 "'A" -3
printf '%d\n' abc; echo $?
printf '%d\n' 12abc; echo $?
printf '%.0f %.0f %.0f\n' 0.5 1.5 2.5
printf -v v '%05.1f' 3.14159; echo "$v"
printf '%i %u\n' 7 -1
printf 'no newline'; echo
printf '%s\n'
printf '%d %s\n'
printf '\x41\101\n'
printf '%b\n' '\0101' '\x42' 'a\cb'
printf '%q\n' 'a b' '' '$x' $'\t'
printf '%5.1s|\n' xyz
printf '%#.3g|%g|%g\n' 1 0.0001 123456789
printf '%ld %lld %hd\n' 5 6 7
printf '%z\n'; echo $?
printf '%d\n' 99999999999999999999; echo $?
printf '%f\n' 1e400 ; echo $?
printf '%s %s\n' "a" 
printf '%-5s|%5s|\n' é é
