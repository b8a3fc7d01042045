echo "Hello World 123" | awk '{ print toupper($0); print tolower($1) }'
awk 'BEGIN { print toupper(substr("abc", 1, 1)) substr("abc", 2) }'
