printf 'apple 3 0.5\nbanana 12 0.25\ncherry 100 2\n' | awk '{ printf "%-10s|%5d|%8.3f|%e\n", $1, $2, $3, $2 * $3 }'
awk 'BEGIN { printf "%5s|%-5s|%05d|%+d|% d|%x|%X|%o|%c|%c|%%\n", "ab", "cd", 42, 7, 7, 255, 255, 8, 65, "hello" }'
awk 'BEGIN { printf "%*d|%-*d|%.*f\n", 6, 42, 4, 7, 2, 3.14159 }'
awk 'BEGIN { printf "%i %u %g %G %E %.3s\n", 3.99, 42, 0.0001234, 1e-10, 12345.6789, "abcdef" }'
