echo hi >&5
echo "rc=$?"
cat <&7
echo "rc=$?"
