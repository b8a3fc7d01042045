echo "ibase=2; 1010" | bc
echo "ibase=2; 11111111" | bc
echo "ibase=2; 12" | bc
echo "ibase=2; A" | bc
echo "ibase=8; 777" | bc
