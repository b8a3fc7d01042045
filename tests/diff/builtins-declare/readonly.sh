readonly PI=3.14
echo $PI
declare -p PI
unset PI
echo "rc=$?"
echo "still $PI"
