printf '[%5.2s] [%-6.3s] [%.0s] [%.10s]\n' abcdef abcdef abcdef abc
printf '[%3s]\n' toolongvalue
printf '[%c%c%c]\n' abc d ''
printf '%s %s %s\n' 1 2 3 4 5
