# Run-time errors whose wording kitsh does not match yet (jq 1.8.1's builtins in C).
printf '{"a":"s"} [1,2] 3\n' > in.json
for f in 'keys_unsorted' '@foo' 'ascii_downcase' '.[0:1]' '{(.a):1}'; do
  jq -c "$f" in.json
  echo "status $?"
done
