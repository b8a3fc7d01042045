# Malformed JSON input: jq 1.8.1's parse errors (message, line, column) and status 5;
# values before the error are printed.
for inp in '{"a":1' '[1,2' "{'a':1}" 'nul' 'tru' '1 2 x' '{"a":1}}' ']' '01' '1.e' 'NaN' 'nan' '-'; do
  printf '%s\n' "$inp" | jq -c .
  echo "status $?"
done
printf '{"a":1}\n{"b":' | jq -c .; echo "status $?"
printf '[1,\n2,\n,3]\n' | jq -c .; echo "status $?"
printf '1\n2\n3' | jq -c '. + 1, input_line_number'; echo "status $?"
