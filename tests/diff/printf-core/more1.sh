printf '%5.2f|%-8.3f|%+.1e|%08.2f\n' 3.14159 2.5 12345 -1.5
printf '%s %s %s\n' a b c d e
printf '%3$s %1$s\n' a b c 2>&1; echo $?
printf '%x %o %X\n' -1 -1 255
printf '%#X %#o %#x\n' 0 0 0
printf '%.3d|%.0d|%5.3d\n' 5 0 7
printf '%c' '' ; echo "|"
printf '%s\n' "$(printf '%03d' 7)"
printf '%-3c|\n' x
printf '%10.4s|\n' abcdefgh
printf '%b' 'line1\nline2\n'
printf '%b\n' '\e' | od -c | head -1
printf '%b\n' 'a\\b' '\\n'
printf '\\ \a\b\f\v\r' | od -c | head -1
printf '%s\n' '\n'
printf '%d\n' '"5' "'"
printf '%d %d\n' 1.5 2; echo $?
printf '%f\n' 1,5; echo $?
printf '%d\n' ''
printf '%d\n' ' 42'
printf '%d\n' '42 '; echo $?
printf '%g %g %g %g\n' 0.00001 1e6 123456 1234567
printf '%a\n' 1 | head -c 3; echo
printf '%.2s%.2s\n' abc def
printf '%q\n' 'a"b' 'a\b' 'x y!' '~a' '#c'
printf '%s' 2>&1; echo "[$?]"
printf -- '-x %s\n' y
printf '%%d\n' 5
printf '%5%|\n'
printf '%d %d %d\n' 1 2
printf '%.*f\n' 2 3.14159
printf '%*d|%-*d|\n' -5 1 3 2
printf '%hhd %jd %zd %td\n' 300 1 2 3
printf '%e\n' 0
printf '%.0e %#.0f\n' 15 1
printf '%i\n' 0x10 -010
printf '%u\n' -5
printf '%x\n' 3.5; echo $?
v=old; printf -v v '%s-%s' a b c d; echo "$v"
printf -v arr[1] '%d' 7; echo "${arr[1]}"
printf '%(%Y)T\n' 0 >/dev/null; echo $?
TZ=UTC printf '%(%Y-%m-%d)T\n' 86400
