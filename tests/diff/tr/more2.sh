printf 'abc\n' | tr '\141-\143' 'A-C'
printf 'abc\n' | tr 'a-c' '\101-\103'
printf 'a\tb\n' | tr '[:blank:]' '#'
printf 'a\nb\n' | tr -d '\n'; echo
printf 'a b\n' | tr -s '[:space:]' '\n'
printf 'AAA\n' | tr -s 'A' 'a'
printf 'hello\n' | tr -c 'l' '.'
printf 'hello\n' | tr -cs 'l' '.'
printf 'abc\n' | tr -d -c 'b\n'
printf 'a1!\n' | tr '[:alnum:]' '[*]'; echo $?
printf 'a1!\n' | tr '!' '[*3]'
printf 'xyz\n' | tr 'x-z' '[a*]'
printf 'abcd\n' | tr 'abcd' '[x*2][y*]'
printf 'ab\n' | tr '[:lower:]' '[:upper:][:digit:]'; echo $?
printf 'aA\n' | tr -s '[:upper:]'
printf 'ab\n' | tr -t 'ab' 'x'
printf 'a\\n\n' | tr '\\' 'X'
printf 'a]\n' | tr ']' 'x'
printf 'a-z\n' | tr 'a\-z' '123'
printf 'ab\n' | tr 'ba' 'xx'
printf 'aaa\n' | tr -s a
printf 'abc\n' | tr -d '[:xdigit:]'
printf 'ABC\n' | tr -d '[:cntrl:]'
printf 'a.b\n' | tr '[.]' 'x'
printf 'abc\n' | tr '[=b=]' x
printf 'abc\n' | tr a-c '\n'
printf '\0a\n' | tr '\0' 'z'
printf 'x\n' | tr -s; echo $?
printf 'x\n' | tr -d a b; echo $?
printf 'x\n' | tr 'a-' 'b'
