printf '%5b|%-5b|%.2b|\n' 'a\tb' xy abc
printf '%q\n' $'a\nb' 'a*b' '[x]' 'a=b' '-n' 'a,b' '{a}' '!' '%'
printf '%Q\n' 'a b' 2>&1 | head -1
printf '%d|%i\n' -9223372036854775808 9223372036854775807
printf '%d\n' 9223372036854775808; echo $?
printf '%d\n' -9223372036854775809; echo $?
printf '%u\n' 18446744073709551615
printf '%x\n' 18446744073709551616; echo $?
printf '%#g|%#x|%#5o\n' 1.5 0 8
printf "%'d\n" 1234567
printf '%+s|% s\n' a b
printf '%-+5d|%+-5d|%0-5d|\n' 1 2 3
printf '%05s|%-05d|\n' ab 1
printf '%.3x|%08.3x|\n' 10 10
printf '%c%c%c\n' 1 22 333
printf '%s\n' 'multi
line'
printf '%10.3e|%-12.4E|\n' 123.456 0.001
printf '%G\n' 1e-20
printf '%.10g\n' 3.14159265358979
printf '%f\n' -0
printf '%.1f %.1f %.1f\n' 0.05 0.15 0.25
printf '%.2f\n' 2.675
printf '%5.1f%%\n' 45.678
printf '%s\n' "${undefined}"
printf '[%s]\n' '' x ''
printf '%b' '\n' | od -c | head -1
printf '%b\n' '\x' '\0' '\08' '\777' | od -c | head -2
printf '\x' | od -c | head -1
printf '\08|\1|\400\n' | od -c | head -1
printf '%s %b\n' '\t' '\t'
printf '%d' 1 2 3; echo
printf 'a\0b\n' | od -c | head -1
printf '%s\0' x y | od -c | head -1
printf '%(%H:%M)T\n' 3600 | head -1 >/dev/null
TZ=UTC printf '%(%F %T)T|%(%s)T\n' 1700000000 5
printf '%.3s\n' 'héllo' | od -c | head -1
printf '%-4s|\n' 'ab'
f() { printf -v "$1" '%s' "$2"; }; f out val; echo "$out"
printf -v 1bad x; echo $?
