items=("apple:3" "pear:0" "kiwi:12")
out="["
for i in "${!items[@]}"; do
  IFS=: read -r name qty <<< "${items[i]}"
  (( i > 0 )) && out+=","
  out+=$(printf '{"name":"%s","qty":%d,"in_stock":%s}' "$name" "$qty" "$( ((qty > 0)) && echo true || echo false)")
done
out+="]"
echo "$out"
