echo 'Hello World' | tr a-z A-Z
echo 'Hello World' | tr '[:lower:]' '[:upper:]'
echo 'Hello World' | tr -d 'lo'
echo 'aaabbbccc' | tr -s 'ab'
echo 'hello   world' | tr -s ' '
echo 'abc123' | tr -cd '0-9'; echo
echo 'abc123' | tr -c 'a-z' '_'
echo 'abcdef' | tr 'abc' 'x'
echo 'abcdef' | tr -t 'abc' 'x'
echo 'a,b,c' | tr ',' '\n'
printf 'a\tb\n' | tr '\t' ' '
echo 'abc' | tr 'a-c' 'A-Z'
echo 'hello' | tr -s 'l' 'L'
echo 'a b' | tr '[:space:]' '\n'
echo 'aabbcc' | tr -ds 'a' 'b'
echo 'x' | tr '\\' '/'
echo 'a\b' | tr '\\' '/'
echo 'hello' | tr 'a-y' 'b-z'
echo 'abc' | tr '[a*3]' x; echo 'abc' | tr 'abc' '[x*]'
echo 'ABC' | tr '[:upper:]' 'a-z'
echo 'a1b2' | tr -d '[:alpha:]'
echo 'abc' | tr; echo $?
echo 'abc' | tr a; echo $?
echo 'abc' | tr -d; echo $?
printf '\001\177x' | tr -d '\001\177' | od -c
echo 'abc' | tr '\141' 'z'
