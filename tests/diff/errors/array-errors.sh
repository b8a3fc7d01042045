a=(1 2 3)
echo "${a[-5]}"
echo "rc=$?"
a[-9]=x
