exec 3> log.txt
echo first >&3
echo second >&3
exec 3>&-
cat log.txt
exec 4< log.txt
read -r line <&4; echo "read: $line"
exec 4<&-
