break
echo "rc=$?"
continue 2
echo "rc=$?"
