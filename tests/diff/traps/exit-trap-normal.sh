trap 'echo "bye from trap"' EXIT
echo main body
false
