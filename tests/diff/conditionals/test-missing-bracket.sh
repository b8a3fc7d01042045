[ 1 = 1
echo "rc=$?"
