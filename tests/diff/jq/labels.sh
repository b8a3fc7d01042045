# `break` to a label that is not defined.
for f in 'break $out' '1 | break $out' 'label $f | 1, break $g'; do
  jq -n "$f"
  echo "status $?"
done
