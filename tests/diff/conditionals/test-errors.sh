[ 1 -eq ]
echo "rc=$?"
[ abc -gt 1 ]
echo "rc=$?"
[ a b c ]
echo "rc=$?"
