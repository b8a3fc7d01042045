echo before
return 5
echo "rc=$?"
