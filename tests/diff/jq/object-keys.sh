# Constant object keys that are not strings are refused when the program is compiled.
for f in '{(null):1}' '{(true):1}' '{(1):2}' '{a:1} | {(2.5):1}' '. as {(1):$x} | $x' '{("a"):1}'; do
  jq -nc "$f"
  echo "status $?"
done
