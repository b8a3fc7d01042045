expr 1 + a
echo "rc=$?"
expr 5 / 0
echo "rc=$?"
expr 0
echo "rc=$?"
