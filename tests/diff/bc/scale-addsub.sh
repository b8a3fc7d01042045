echo "1.5+2.25" | bc
echo "1.50-1.50" | bc
echo "0.1+0.2" | bc
echo "100-0.001" | bc
echo "1.000+1" | bc
echo "-5.5+2.25" | bc
