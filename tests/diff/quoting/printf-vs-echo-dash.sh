v=-n
echo $v text; echo
echo "$v"
printf '%s\n' "$v"
v=-e; echo "$v"
echo -ne "" | wc -c
