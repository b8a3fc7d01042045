line="a,b,,c"
IFS=, read -r f1 f2 f3 f4 <<< "$line"
echo "[$f1][$f2][$f3][$f4]"
IFS=:; set -- $(echo "x:y:z"); echo $# "$1" "$3"; unset IFS
v="  spaced   out  "
echo [$v] ["$v"]
