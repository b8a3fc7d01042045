# In a double-quoted ${x%pattern}, \' is a quoted single quote.
foo="'a b c d'"
echo "${foo%d\'}"
x=abc
echo "${x#\a}" "${x/b/\'}" "${x:-\'}" "${u:-\'}"
