name="O'Brien"
echo "Name: '$name'"
echo 'He said "hi"'
msg="line1
line2"
echo "$msg"
echo $msg
