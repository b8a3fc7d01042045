p='$HOME'; echo "${p@Q}"
e=''; echo "${e@Q}"
