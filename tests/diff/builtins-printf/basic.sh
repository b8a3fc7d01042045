printf '%5s|%-5s|%05d|%x|%o|%.2f\n' ab cd 42 255 8 3.14159
printf '%s\n' one two three
printf '{"name":"%s","n":%d}\n' "bob" 3
printf -v out '%03d' 7; echo "$out"
printf '%b\n' 'a\tb'
printf '%q\n' "it's here"
