printf '%s\n' "3 apples" "5 pears" "2 plums" > fruit.txt
total=0
while read -r qty name; do
  total=$((total + qty)); echo "$name: $qty"
done < fruit.txt
echo "total: $total"
