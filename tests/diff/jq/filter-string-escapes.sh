# Bad escapes in a program's strings: jq reports the JSON parser's error at the string's end.
for f in '"\x"' '"a\u12g"' '"ok\n"'; do
  jq -n "$f"
  echo "status $?"
done
