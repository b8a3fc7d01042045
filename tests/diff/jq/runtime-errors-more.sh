# Run-time errors of jq 1.8.1's builtins (C and builtin.jq): type checks, value descriptions,
# object keys, slices, formats, and the values some of them give (flatten of an object,
# from_entries' keys).
printf '{"a":"s"} [1,2] 3\n' > in.json
for f in 'keys_unsorted' 'to_entries' 'with_entries(.)' 'from_entries' '@foo' '@foo "a\(.)"' '@foo "abc"' \
    'explode' 'ascii_downcase' 'ascii_upcase' 'startswith("a")' 'endswith(1)' 'contains("a")' 'inside("a")' \
    'sort' 'unique' 'sort_by(.)' 'group_by(.)' 'unique_by(.)' 'min_by(.)' 'max_by(.)' 'min' 'max' \
    'getpath(1)' 'gmtime' 'localtime' 'flatten' 'flatten(1)' '@csv' '@tsv' '@sh' '.[0:1]' '{(.a):1}' \
    '[1]|{(.[0]):1}' 'floor' 'sqrt' '-(.)' '. / 0' '. % 0' 'true|contains(false)' '[[1]]|@sh' \
    '[1,nan,null,"a\"b"]|@csv' '[{}]|@tsv'; do
  jq -c "$f" in.json
  echo "status $?"
done
printf '{"a":1}\n' > o.json
for f in 'with_entries(.value += 1)' '[{"name":"x","Value":2},{"Key":"k"}]|from_entries' \
    '[{"key":null,"value":1}]|from_entries' '[{"k":"a","v":1}]|from_entries' '[]|from_entries' \
    '[[1,[2]],{"a":[3]}]|flatten' '{"a":[[1]],"b":2}|flatten(1)' '[1,"a b",null,true]|@sh' \
    '{"a":[1,2]}|contains({"a":[1]})' '[1]|inside([1,2])' 'null|.[1:]'; do
  jq -c "$f" o.json
  echo "status $?"
done
# Broken-down times out of range carry over as C's timegm does.
for f in '[2024,1,29]|mktime' '[2024,13,1,25,61,61.5]|mktime' '[2024,0,0]|todate' '[2024,-1,1]|mktime' \
    '[2024,1,1,0,0,0.5]|mktime' '[2024.5,1,1]|mktime' '[2024,1,1,0,0,59.9]|strftime("%S %j %A")'; do
  jq -c "$f" o.json
  echo "status $?"
done
