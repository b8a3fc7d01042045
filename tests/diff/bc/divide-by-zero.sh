printf '1/0; 5\n6\n' | bc
echo "status $?"
echo "scale=2; 3%0" | bc
echo "x=0; 5/x" | bc
