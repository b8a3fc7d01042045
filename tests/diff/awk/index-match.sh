awk 'BEGIN { print index("hello", "ll"), index("hello", "z"), index("", "a"), index("abc", "") }'
awk 'BEGIN { print match("foobar", /o+/), RSTART, RLENGTH; print match("abc", /z/), RSTART, RLENGTH }'
awk 'BEGIN { match("key=value", /([a-z]+)=([a-z]+)/, m); print m[1], m[2], m[0], m[2, "start"], m[2, "length"] }'
