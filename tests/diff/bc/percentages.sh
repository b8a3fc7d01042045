used=734; total=2048
echo "scale=2; $used * 100 / $total" | bc
pct=$(echo "scale=1; 100 * 3 / 7" | bc)
echo "${pct}%"
echo "scale=2; (1500 - 1200) / 1200 * 100" | bc
echo "if ($used > 500) 1 else 0" | bc
