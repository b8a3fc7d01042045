echo "$'not ansi'"
echo "a\$'b'"
x=$'a\'b'; echo "$x"
echo $"locale string"
