set -e
x=$(echo ok; false)
echo "not reached [$x]"
