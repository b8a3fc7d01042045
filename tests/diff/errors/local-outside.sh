local x=1
echo "rc=$?"
return 3
echo "after return rc=$?"
