strings nosuch; echo "[$?]"
mkdir d; strings d; echo "[$?]"
printf 'hello' > a
strings nosuch a; echo "[$?]"
