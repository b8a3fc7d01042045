set -e
trap 'echo "exit trap, status $?"' EXIT
echo step1
false
echo step2
