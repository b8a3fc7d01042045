a="outer $(echo "inner $(echo "deepest")")"
echo "$a"
b='x'"y"'z'$'\n''w'
echo "$b"
echo "$(echo '$HOME stays')"
echo "${undefined:-"default with spaces"}"
