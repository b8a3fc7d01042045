printf 'echo first\nreturn 5\necho never\n' > early.sh
source ./early.sh; echo "rc=$?"
source ./missing.sh
echo "missing rc=$?"
