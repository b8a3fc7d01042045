awk 'BEGIN { # a comment
  s = "a" \
      "b"   # continued
  print s
}'
awk '# only comment
BEGIN { print "ok" }'
