# Programs jq cannot parse: jq 1.8.1's messages, places (line, column, the line and carets)
# and the count, status 3.
for f in '.[' '.a |' '{a:}' 'if . then 1' 'if . then 1 else 2' '[.[] | tostring' 'def f: ; f' \
    '"\(1 + )"' '.a = ' 'reduce . as $x' 'map(.a' '.a | .b | "\(.c' 'select(.a == "x)' 'try' \
    '{"a" 1}' '{a b}' '. as {$a, b} | 1' '.a[' 'break' '.[1,' '{(.a): 1, @base64: 2}' \
    '.a]' ')' '.a | }' '1 +* 2' '. as [$a $b] | 1' 'foreach .[] as $x (0; .' '.a ?// 1' '@' '$' '.. .'; do
  jq -n "$f"
  echo "status $?"
done
jq -n '# a comment
.a |'; echo "status $?"
jq -n '.a
| .b
| (1 +'; echo "status $?"
