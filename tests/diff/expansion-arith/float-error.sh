x=3.5
echo "reached"
echo $((x + 1))
