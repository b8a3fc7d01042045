echo before
echo "${x!y}"
