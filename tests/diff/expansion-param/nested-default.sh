unset A B
echo "${A:-${B:-inner}}"
B=bee; echo "${A:-${B:-inner}}"
C=${A:-$(echo from-cmd)}; echo "$C"
echo "${A:-a b c}" | wc -w
D=${A:-'single $quoted'}; echo "$D"
