printf '%-10s %5s %8s\n' NAME QTY PRICE
while IFS=: read -r name qty price; do
  printf '%-10s %5d %8.2f\n' "$name" "$qty" "$price"
done <<'END'
apple:3:0.5
watermelon:1:3.25
fig:12:0.2
END
