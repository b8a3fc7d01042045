echo start
echo "${}"
