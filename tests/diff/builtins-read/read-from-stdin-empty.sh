read -r x
echo "rc=$? x=[$x]"
cat
echo "cat rc=$?"
