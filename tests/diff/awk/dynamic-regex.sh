printf 'apple\nbanana\ncherry\n' | awk -v pat='an+' '$0 ~ pat'
printf 'a1\nb2\nc3\n' | awk 'BEGIN { re = "^[ab]" } $0 ~ re { print "m", $0 } $0 !~ re { print "n", $0 }'
awk 'BEGIN { if ("foo.bar" ~ "o\\.b") print "dot" ; if ("x+y" ~ /x\+y/) print "plus" }'
printf 'a b\n' | awk '{ if (match($0, "b$")) print RSTART, RLENGTH }'
