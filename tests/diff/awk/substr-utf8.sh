export LC_ALL=C.UTF-8
echo "héllo wörld" | awk '{ print length($0), substr($1, 2, 3), toupper($2), index($0, "w") }'
awk 'BEGIN { printf "%c\n", 233 }'
