# Names that are not defined: jq 1.8.1 points at each, status 3.
for f in 'foo' '.a | foo(1)' '.foo-bar' '.a as $x | $y' '1 as $x | 2 as $y | $z' 'def f(x): x; f' \
    'map(nosuch)' 'foo | bar' '$ENV.HOME | ascii_upcase | nosuch(.; .)'; do
  jq -n "$f"
  echo "status $?"
done
