# Malformed JSON input where jq 1.8.1's parser words the error by its own state machine.
for inp in '{"a":1,}' '{a:1}' '[1 2]' '{"a" 1}' '"abc' '[1,]' '"\x"' '"ab\x"' '"\u12"' '"\ud800"'; do
  printf '%s\n' "$inp" | jq -c .
  echo "status $?"
done
printf '{"a":\n  tru}\n' | jq .a; echo "status $?"
