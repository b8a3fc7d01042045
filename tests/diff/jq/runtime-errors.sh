# Errors while a program runs: jq 1.8.1's messages with the input's place, status 5; the
# outputs before the error are printed.
printf '{"a":"s"} [1,2] 3\n' > in.json
for f in '.a.b' '.[] | .x' 'error("boom")' 'error' 'error({a:1})' '1/0' '.a + 1' '"x" - 1' \
    'tonumber' '.a[0]' 'limit(-1; 1)' 'ltrimstr(1)' 'test("(")' 'fromjson' 'implode' \
    '.[] as [$a, $b] | $a' 'error(null)' '{} | .[0]' '[] | .["a"]' 'null | implode' '.a | test(1)' \
    'keys' 'splits(1)' 'splits("a")' 'join(",")' 'tostring | fromjson' '"a" * -1' '{} - 1' '"very-long-string" | -.' '{a: "x" * 40} | .b.c'; do
  jq -c "$f" in.json
  echo "status $?"
done
jq -c '.a' < in.json; echo "status $?"
printf '1\n2\n"x"\n' | jq '. + 1'; echo "status $?"
