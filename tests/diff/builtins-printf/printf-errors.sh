printf '%z\n' x
echo "rc=$?"
printf
echo "rc=$?"
