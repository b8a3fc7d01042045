total=0
for n in 4 8 15 16 23 42; do total=$((total + n)); done
echo "sum=$total avg=$((total / 6)) rem=$((total % 6))"
printf 'pct=%d%%\n' $(( 100 * 23 / total ))
