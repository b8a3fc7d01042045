cat > sales.csv <<'END'
region,product,amount
north,widget,100
south,widget,250
north,gadget,75
south,gadget,30
END
declare -A by_region
{ read -r _header; while IFS=, read -r region product amount; do
  by_region[$region]=$(( ${by_region[$region]:-0} + amount ))
done; } < sales.csv
for r in north south; do printf '%-6s %5d\n' "$r" "${by_region[$r]}"; done
