x='[\s-\v]'
echo "${x@P}"
