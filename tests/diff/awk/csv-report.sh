cat > sales.csv <<'CSV'
region,product,units,price
north,apple,10,0.5
south,apple,4,0.5
north,pear,7,0.75
east,plum,12,1.25
south,pear,3,0.75
CSV
awk -F, 'NR > 1 { rev[$1] += $3 * $4; units[$2] += $3 } END {
  for (r in rev) printf "%-6s %8.2f\n", r, rev[r] | "sort"
  close("sort")
  print "--"
  for (p in units) print p, units[p] | "sort -k2,2nr"
}' sales.csv
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } { print $col["product"], $col["units"] }' sales.csv
