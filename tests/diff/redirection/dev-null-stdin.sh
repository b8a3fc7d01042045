cat < /dev/null; echo "rc=$?"
read -r x < /dev/null; echo "read rc=$? x=[$x]"
echo discard > /dev/null && echo ok
