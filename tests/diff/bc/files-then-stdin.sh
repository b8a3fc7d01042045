echo "x = 21" > a.bc
echo "x * 2" > b.bc
echo "x + 1" | bc a.bc b.bc
bc missing.bc </dev/null
echo "status $?"
