echo one > f
set -o noclobber
echo two > f
echo "rc=$?"
echo three >| f
echo four >> f
set +o noclobber
cat f
