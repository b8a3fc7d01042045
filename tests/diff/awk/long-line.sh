head -c 10000000 /dev/zero | tr '\0' 'a' > big
echo >> big
awk '{ print length($0) }' big
awk '{ n = gsub(/a/, "b") } END { print n, substr($0, 1, 5) }' big
