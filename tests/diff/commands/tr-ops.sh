echo "Hello, World!" | tr '[:lower:]' '[:upper:]'
echo "a-b_c d" | tr -d '_-'
echo "aaabbbccc" | tr -s 'a-c'
echo "hello" | tr 'a-y' 'b-z'
echo "path/to/file" | tr / '\n' | wc -l
echo "keep123only456digits" | tr -cd '0-9'; echo
