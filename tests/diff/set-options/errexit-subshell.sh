set -e
(false; echo "not printed")
echo "not reached"
