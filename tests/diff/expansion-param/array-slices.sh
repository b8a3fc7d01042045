a=(zero one two three four)
echo "${a[@]:1}"
echo "${a[@]:1:2}"
echo "${a[@]: -2}"
echo "${a[*]:0:2}"
echo "${a[@]/o/0}"
echo "${a[@]#t}"
echo "${#a[2]}"
