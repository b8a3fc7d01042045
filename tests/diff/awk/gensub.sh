awk 'BEGIN { print gensub(/([a-z]+)-([0-9]+)/, "\\2:\\1", "g", "abc-123 de-45") }'
awk 'BEGIN { s = "foo foo foo"; print gensub(/foo/, "bar", 2, s); print s }'
echo "hello world" | awk '{ print gensub(/o/, "0", "g") }'
awk 'BEGIN { print gensub(/(b+)/, "[\\0|&]", 1, "abbbc") }'
