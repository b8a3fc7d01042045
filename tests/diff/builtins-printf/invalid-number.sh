printf '%d\n' abc
echo "rc=$?"
printf '%d\n' 12abc
echo "rc=$?"
printf '%d %d\n' "'A" '"B'
