mkdir d
./d
echo "rc=$?"
cat d
echo "rc=$?"
touch f; ./f
echo "rc=$?"
