printf 'hello\nab\n\n' | awk '{ print length, length($0), length() }'
awk 'BEGIN { a[1]; a[2]; a["x"]; print length(a) }'
awk 'BEGIN { print length(12345), length(1/4), length("") }'
printf 'abc\n' | awk 'length > 2'
