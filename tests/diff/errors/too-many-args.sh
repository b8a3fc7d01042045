cd a b
echo "rc=$?"
