echo "1.50" | bc
echo "00012.3400" | bc
echo "0.00" | bc
echo "x=2.500; x" | bc
echo "3.10*2" | bc
echo "scale=4; 1.5/1" | bc
