echo 'hello world' | tr -s '[:alpha:]'
echo 'Hello' | tr -c '[:alpha:]' 'X'
echo 'abc' | tr -c 'a' 'xyz'
echo 'a-b' | tr 'a-' 'xy'
echo 'a-b' | tr -- '-a' 'yx'
echo 'a]b[c' | tr '[]' 'xy'
echo 'aaa' | tr 'a' ''; echo $?
echo 'abc' | tr 'ab' 'xyz'
echo 'abcabc' | tr -s 'abc' 'xyz'
echo 'one two' | tr ' ' '\012'
printf 'a\r\nb\r\n' | tr -d '\r' | od -c
echo '  lead' | tr -s ' ' | od -c | head -1
echo 'MiXeD' | tr 'A-Za-z' 'N-ZA-Mn-za-m'
echo 'hello' | tr '[:lower:]' '[:upper:]' | tr -d 'L'
echo '123abc' | tr '[:digit:]' '#'
echo 'x y' | tr '[:blank:]' '_'
echo 'a.b,c' | tr '[:punct:]' ' '
echo 'abc' | tr '[=a=]' 'z'
echo 'abc' | tr 'a-c' '[x*2]y'
echo 'abc' | tr -d 'a-' 
echo 'z-a' | tr 'z-a' 'x'; echo $?
echo 'abc' | tr '[:upper:]' '[:lower:]' 
echo 'ABC' | tr '[:lower:]' '[:upper:]' 
echo 'AbC' | tr '[:upper:][:lower:]' '[:lower:][:upper:]'
echo 'abc' | tr -c -d 'a\n'
echo 'aa  bb' | tr -cs '[:alnum:]' '\n'
echo 'abc' | tr 'abc' '\n\t\\' | od -c
echo 'a' | tr 'a' '\q'
echo 'abc' | tr '\b-\d' x
echo 'abc' | tr '[:alpha:]' '[:digit:]'; echo $?
echo 'abc' | tr x y z; echo $?
